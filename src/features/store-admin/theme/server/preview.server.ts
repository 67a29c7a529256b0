import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import { draftMode } from 'next/headers';
import { pageRequestInput } from '@/lib/http/page-request-input';
import { requestContext } from '@/features/session/server/request-context.server';
import type { Store } from '@/features/tenancy/store-types';
import { staffOf } from '../../server/staff.server';
import { draftSettings } from './theme-admin.server';

/**
 * The store a page shows (docs/decisions/0165): the published one, except in a browser whose
 * preview is on (Next's Draft Mode, turned on by POST /admin/preview-mode) and whose
 * person is this store's staff with `theme.edit`: they see the draft, and `previewing` says so
 * (the layout shows a bar, decision 0275), and `unpublished` whether the draft differs from what
 * shoppers see. Outside Draft Mode nothing of the request is read, so shoppers' pages stay cached.
 */
export async function previewedStore(
  store: Store,
): Promise<{ store: Store; previewing: boolean; unpublished: boolean }> {
  const published = { store, previewing: false, unpublished: false };
  if (!(await draftMode()).isEnabled) return published;
  const ctx = await requestContext(await pageRequestInput());
  if (ctx.store.key !== store.key) return published;
  const result = await staffOf(ctx, 'theme.edit');
  if (!('staff' in result)) return published;
  const draft = await draftSettings(result.staff.storeId);
  // In preview even without a draft, or once it is published: the bar says so, and offers the
  // way out.
  if (!draft) return { store, previewing: true, unpublished: false };
  return {
    store: { ...store, theme: draft.theme, variables: draft.variables },
    previewing: true,
    unpublished: !isDeepStrictEqual(
      { theme: draft.theme, variables: draft.variables },
      { theme: store.theme, variables: store.variables },
    ),
  };
}
