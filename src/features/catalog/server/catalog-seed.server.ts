import 'server-only';
import type { AppDb } from '@/lib/db/client';
import { callPlans, phoneNumbers, registryDomains } from '@/lib/db/schema';

/**
 * Demo catalog (docs/contract/selling.md): taken and premium names in the registry, a phone-number
 * inventory and call plans. Deterministic, so every fresh database holds the same numbers and the
 * tests and pages can name them. Only inserts what is missing.
 */

/** Names already registered with us: searching them shows "taken". */
export const TAKEN_DOMAINS = [
  'example.com',
  'example.org',
  'example.co.uk',
  'example.uk',
  'example.us',
  'example.app',
  'nameport.com',
  'nameport.co.uk',
  'callwave.com',
  'taken.com',
  'taken.org',
  'taken.co.uk',
  'taken.us',
  'shop.com',
  'shop.co.uk',
  'bücher.com',
  // Well-known names, so the demo answers as a registry would: a search for them shows taken.
  'google.com',
  'google.co.uk',
  'amazon.com',
  'amazon.co.uk',
  'apple.com',
  'microsoft.com',
  'facebook.com',
  'wikipedia.org',
  'bbc.co.uk',
  'gov.uk',
  'github.com',
  'netflix.com',
  // Reserved by the registries or by RFC 2606 and IANA: never for sale.
  'example.net',
  'nic.com',
  'nic.org',
  'nic.uk',
  'nic.co.uk',
  'nic.us',
  'nic.app',
  'nic.link',
  // Single letters under .com are held by its registry.
  ...Array.from({ length: 26 }, (_, i) => `${String.fromCharCode(97 + i)}.com`),
] as const;

/** Premium names: available at their own first-year price [GBP net, USD net]. */
export const PREMIUM_DOMAINS: [domain: string, sv1: number, sv2: number][] = [
  ['cloud.app', 49_900, 59_900],
  ['voice.link', 24_900, 29_900],
  ['phone.org', 89_900, 99_900],
  ['premium.com', 199_900, 249_900],
  ['premium.co.uk', 99_900, 129_900],
  ['premium.us', 99_900, 119_900],
];

/**
 * UK areas use Ofcom's ranges reserved for drama (never a real subscriber); US areas use the
 * 555-01XX numbers kept for fiction. [area, national prefix before the last 4 digits, E.164 prefix]
 */
const UK_AREAS: [area: string, nationalPrefix: string][] = [
  ['020', '02079460'],
  ['0161', '01614960'],
  ['0121', '01214960'],
  ['0113', '01134960'],
  ['0117', '01174960'],
  ['0131', '01314960'],
];
const US_AREAS = ['212', '415', '312', '617', '206', '512'];

/** Numbers per area; the last digits step by a fixed stride so the set looks varied. */
const PER_AREA = 25;

/** Repeated digits sell for more: "gold" numbers. */
function isGold(lastDigits: string): boolean {
  return /(\d)\1\1/.test(lastDigits);
}

export function demoNumbers() {
  const rows: (typeof phoneNumbers.$inferInsert)[] = [];
  for (const [area, national] of UK_AREAS) {
    for (let i = 0; i < PER_AREA; i++) {
      const last = String((i * 37 + 11) % 1000).padStart(3, '0');
      const nat = `${national}${last}`;
      rows.push({
        number: `+44${nat.slice(1)}`,
        siteVersion: 1,
        area,
        national: nat,
        monthlyNet: isGold(last) ? 1_500 : 500,
      });
    }
  }
  for (const area of US_AREAS) {
    for (let i = 0; i < PER_AREA; i++) {
      const last = String(100 + ((i * 7 + 3) % 100)).padStart(4, '0');
      const nat = `${area}555${last}`;
      rows.push({
        number: `+1${nat}`,
        siteVersion: 2,
        area,
        national: nat,
        monthlyNet: isGold(last) ? 1_900 : 700,
      });
    }
  }
  return rows;
}

export const DEMO_PLANS: (typeof callPlans.$inferInsert)[] = [
  { id: 'starter', siteVersion: 1, name: 'Starter', perUserMonthlyNet: 800, sortOrder: 1 },
  { id: 'business', siteVersion: 1, name: 'Business', perUserMonthlyNet: 1_400, sortOrder: 2 },
  { id: 'unlimited', siteVersion: 1, name: 'Unlimited', perUserMonthlyNet: 2_200, sortOrder: 3 },
  { id: 'starter', siteVersion: 2, name: 'Starter', perUserMonthlyNet: 1_000, sortOrder: 1 },
  { id: 'business', siteVersion: 2, name: 'Business', perUserMonthlyNet: 1_800, sortOrder: 2 },
  { id: 'unlimited', siteVersion: 2, name: 'Unlimited', perUserMonthlyNet: 2_800, sortOrder: 3 },
];

/** Inserts the demo catalog where it is missing. `domainToASCII` keeps IDN rows in punycode. */
export async function seedCatalog(db: AppDb, toAscii: (domain: string) => string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(registryDomains)
      .values([
        ...TAKEN_DOMAINS.map((d) => ({ domain: toAscii(d), status: 'taken' })),
        ...PREMIUM_DOMAINS.map(([d, sv1, sv2]) => ({
          domain: toAscii(d),
          status: 'premium',
          premiumRegisterNetSv1: sv1,
          premiumRegisterNetSv2: sv2,
        })),
      ])
      .onConflictDoNothing();
    await tx.insert(phoneNumbers).values(demoNumbers()).onConflictDoNothing();
    await tx.insert(callPlans).values(DEMO_PLANS).onConflictDoNothing();
  });
}
