import 'server-only';
import { eq } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { billingDetails } from '@/lib/db/schema';
import type { BillingDetails } from '../schemas';

/** The only code that knows how billing details are stored. */

const columns = {
  name: billingDetails.name,
  company: billingDetails.company,
  line1: billingDetails.line1,
  line2: billingDetails.line2,
  city: billingDetails.city,
  region: billingDetails.region,
  postcode: billingDetails.postcode,
  country: billingDetails.country,
  vat_number: billingDetails.vatNumber,
};

export async function findBilling(db: AppDb, accountId: string): Promise<BillingDetails | null> {
  const [row] = await db
    .select(columns)
    .from(billingDetails)
    .where(eq(billingDetails.accountId, accountId));
  return row ?? null;
}

export async function upsertBilling(
  db: AppDb,
  accountId: string,
  details: BillingDetails,
  at: Date,
): Promise<void> {
  const { vat_number, ...rest } = details;
  const values = { ...rest, vatNumber: vat_number, updatedAt: at };
  await db
    .insert(billingDetails)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: billingDetails.accountId, set: values });
}
