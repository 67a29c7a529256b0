import 'server-only';
import { draftMode } from 'next/headers';
import { pageRequestInput } from '@/lib/http/page-request-input';
import { requestContext } from '@/features/session/server/request-context.server';
import type { Store } from '@/features/tenancy/store-types';
import { staffOf } from '../../server/staff.server';
import { draftSettings } from './theme-admin.server';

/**
 * The store a page shows (docs/decisions/0165): the published one, except in a browser whose
 * preview is on (Next's Draft Mode, turned on by POST /admin/preview-mode) and whose
 * person is this store's staff with `theme.edit`: they see the draft. Outside Draft Mode nothing
 * of the request is read, so shoppers' pages stay cached.
 */
export async function previewedStore(store: Store): Promise<Store> {
  if (!(await draftMode()).isEnabled) return store;
  const ctx = await requestContext(await pageRequestInput());
  if (ctx.store.key !== store.key) return store;
  const result = await staffOf(ctx, 'theme.edit');
  if (!('staff' in result)) return store;
  const draft = await draftSettings(result.staff.storeId);
  return draft ? { ...store, theme: draft.theme, variables: draft.variables } : store;
}
