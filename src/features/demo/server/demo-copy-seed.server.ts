import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { stores } from '@/lib/db/schema';
import type { VariablesInput } from '@/features/tenancy/variables-schema';

/**
 * Demo copy that earlier seeds wrote and that said what the product does not do, by store id:
 * field -> the value written then (`undefined`: the field was not written).
 */
export const SUPERSEDED_DEMO_COPY: Record<string, Record<string, unknown>> = {
  // acme.localhost
  '0b8f5c1e-7d2a-4e3b-9c4d-5e6f7a8b9c01': {
    bannerText: 'Business phone numbers in every UK area code.',
    loginText: 'Acme Voice customers: sign in to your phone system.',
    homeLeadsWith: undefined,
  },
  // harbor.localhost: a Seattle company selling UK numbers in GBP with UK VAT
  '0b8f5c1e-7d2a-4e3b-9c4d-5e6f7a8b9c02': {
    companyName: 'Harbor Telecom Inc',
    supportNumber: '+1 206 555 0142',
    supportA1: '1200 Alaskan Way',
    supportCity: 'Seattle',
    supportState: 'WA',
    supportZip: '98101',
    supportCountry: 'United States',
    timeZone: 'America/Los_Angeles',
    bannerText: 'Cloud phones for crews on shore and at sea.',
    homeLeadsWith: undefined,
  },
  // ringo.localhost
  '0b8f5c1e-7d2a-4e3b-9c4d-5e6f7a8b9c03': {
    bannerText: 'Your calls, on every device.',
    homeLeadsWith: undefined,
  },
  // bytes.localhost
  '0b8f5c1e-7d2a-4e3b-9c4d-5e6f7a8b9c04': {
    bannerText: 'Developer-friendly domains at honest prices.',
    loginText: 'Sign in to manage your domains.',
    domainModules: [
      { title: 'Free DNS', content: 'Every domain comes with managed DNS.' },
      { title: 'No upsell', content: 'The price you see is the price you pay.' },
    ],
  },
};

type Db = Pick<AppDb, 'select' | 'update'>;

/**
 * Seeding only inserts what is missing, so a database seeded before the copy was corrected would
 * keep it. For each store, a field that still holds what an earlier seed wrote gets the current
 * demo value (or goes, when the demo no longer sets it); a field an operator changed stays.
 */
export async function correctDemoCopy(
  db: Db,
  current: readonly { id: string; variables: VariablesInput }[],
  superseded: Record<string, Record<string, unknown>> = SUPERSEDED_DEMO_COPY,
): Promise<void> {
  for (const store of current) {
    const old = superseded[store.id];
    if (!old) continue;
    const [row] = await db
      .select({ variables: stores.variables })
      .from(stores)
      .where(eq(stores.id, store.id));
    if (!row?.variables || typeof row.variables !== 'object') continue;
    const stored: Record<string, unknown> = { ...row.variables };
    const wanted: Record<string, unknown> = store.variables;
    let changed = false;
    for (const [field, was] of Object.entries(old)) {
      if (!isDeepStrictEqual(stored[field], was)) continue;
      if (wanted[field] === undefined) delete stored[field];
      else stored[field] = wanted[field];
      changed = true;
    }
    if (changed) await db.update(stores).set({ variables: stored }).where(eq(stores.id, store.id));
  }
}
