import Script from 'next/script';
import type { Store } from '@/features/tenancy/store-types';
import { PageViewTracker, TagManager } from './tag-manager';

/**
 * Per-brand scripts (docs/contract/constants-and-errors.md). The page-view tracker runs only for
 * is_yay brands; the tag-manager container and the third-party script load only when the brand has
 * set their id or address and turned them on. Nothing loads for a brand that has not.
 */
export function ThirdPartyScripts({ store }: { store: Store }) {
  const v = store.variables;
  const gtm = v.gtmEnabled && v.gtmId ? v.gtmId : null;
  const thirdParty =
    v.thirdPartyScriptEnabled && v.thirdPartyScriptUrl ? v.thirdPartyScriptUrl : null;
  return (
    <>
      {store.config.is_yay ? <PageViewTracker /> : null}
      {gtm ? <TagManager id={gtm} /> : null}
      {thirdParty ? <Script id="third-party" src={thirdParty} strategy="lazyOnload" /> : null}
    </>
  );
}
