import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { nameStoreDefault, storeDefaultOf } from '@/features/dns/server/dns.server';
import {
  STORE_DEFAULT_TEMPLATES,
  TEMPLATE_DESCRIPTIONS,
  TEMPLATE_LABELS,
  isStoreDefaultTemplate,
  templateRecords,
  type StoreDefaultTemplate,
} from '@/features/dns/templates';
import { insertAdminAudit } from '../../server/admin-audit-repository.server';
import { auditScope, type StaffContext } from '../../server/staff.server';

/**
 * A store's default DNS template (issue 28 point 3, docs/decisions/0250): the records every new
 * zone of a domain sold by the store starts with. Read and named by the store's owners in the
 * store's admin; a store that never named one uses `store_site`.
 */

/** The domain a template's records are shown for: records follow the domain they are put in. */
export const PREVIEW_ZONE = 'example.com';

export type TemplatePreviewRecord = {
  name: string;
  type: string;
  content: string;
  ttl: number;
  priority?: number;
};
export type StoreTemplateView = {
  id: StoreDefaultTemplate;
  name: string;
  description: string;
  records: TemplatePreviewRecord[];
};
export type StoreDefaultView = { template: StoreDefaultTemplate; templates: StoreTemplateView[] };

function templatesView(storeHost: string): StoreTemplateView[] {
  return STORE_DEFAULT_TEMPLATES.map((id) => ({
    id,
    name: TEMPLATE_LABELS[id],
    description: TEMPLATE_DESCRIPTIONS[id],
    records: templateRecords(id, { zone: PREVIEW_ZONE, storeHost }).map((r) => ({
      name: r.name,
      type: r.type,
      content: r.content,
      ttl: r.ttl,
      ...(r.priority == null ? {} : { priority: r.priority }),
    })),
  }));
}

/** The store's default and every template it may name, with the records each adds. */
export async function storeDefaultView(staff: StaffContext): Promise<StoreDefaultView> {
  return {
    template: await storeDefaultOf(await appDb(), staff.storeId),
    templates: templatesView(staff.ctx.host),
  };
}

export const unknownTemplate = () =>
  new ApiError(422, 'unknown_template', 'There is no such template a store can name.', {
    template: [`must be one of ${STORE_DEFAULT_TEMPLATES.join(', ')}`],
  });

/** Names the store's default (owners); audited with before and after in the same transaction. */
export async function setStoreDefault(
  staff: StaffContext,
  input: { template: string },
): Promise<StoreDefaultView> {
  if (!isStoreDefaultTemplate(input.template)) throw unknownTemplate();
  const template = input.template;
  const db = await appDb();
  await db.transaction(async (tx) => {
    const before = await nameStoreDefault(tx, staff.storeId, template);
    if (before !== template) {
      await insertAdminAudit(tx, auditScope(staff), {
        action: 'dns.default_template_changed',
        target: 'DNS default template',
        before: { template: before },
        after: { template },
      });
    }
  });
  return { template, templates: templatesView(staff.ctx.host) };
}
