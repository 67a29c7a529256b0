import Script from 'next/script';
import type { Store } from '@/features/tenancy/store-types';
import { PageViewTracker } from './tag-manager';

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
      {gtm ? (
        // The id matched /^GTM-[A-Z0-9]+$/ in the variables schema, so it is safe in this script.
        <Script id="tag-manager" strategy="afterInteractive">
          {`window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});var s=document.createElement('script');s.async=true;s.src='https://www.googletagmanager.com/gtm.js?id=${gtm}';document.head.appendChild(s);`}
        </Script>
      ) : null}
      {thirdParty ? <Script id="third-party" src={thirdParty} strategy="lazyOnload" /> : null}
    </>
  );
}
