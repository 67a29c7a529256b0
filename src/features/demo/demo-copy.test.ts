import { describe, expect, it } from 'vitest';
import { BUILT_IN_BRANDS } from '@/features/tenancy/brands';
import { variablesSchema, type Variables } from '@/features/tenancy/variables-schema';
import { DEMO_STORES } from './server/demo-seed.server';

/**
 * The demo stores are what a visitor judges the product by, so what they say
 * must be what the product does.
 */

const stores: [name: string, variables: Variables][] = [
  ...Object.values(BUILT_IN_BRANDS).map((b): [string, Variables] => [
    b.config.store_name,
    b.variables,
  ]),
  ...DEMO_STORES.map((s): [string, Variables] => [s.name, variablesSchema.parse(s.variables)]),
];

const copyOf = (v: Variables) =>
  [
    v.bannerText,
    v.loginText,
    v.footerText,
    v.dualHomepageText,
    ...v.domainModules.flatMap((m) => [m.title, m.content]),
  ].join('\n');

/** Claims the product cannot back, with what it does instead. */
const NOT_OFFERED: [claim: RegExp, why: string][] = [
  [/\bDNS\b/i, 'no DNS hosting: domains are registered and transferred only'],
  [
    /manag\w* (your )?(domains|numbers|call plans)/i,
    'the dashboard has no domain or number management',
  ],
  [
    /phone system|on every device|softphone/i,
    'the product sells numbers and plans, not calling apps',
  ],
  [/every (UK )?area code/i, 'the number inventory covers a few UK and US areas'],
  [/at sea|on shore/i, 'no maritime service'],
];

describe('demo copy', () => {
  it('promises nothing the product does not do', () => {
    for (const [name, variables] of stores) {
      const copy = copyOf(variables);
      for (const [claim, why] of NOT_OFFERED) {
        expect(copy, `${name}: ${why}`).not.toMatch(claim);
      }
    }
  });

  it('gives every store UK details: each sells UK numbers in GBP with UK VAT', () => {
    for (const [name, v] of stores) {
      expect({ name, country: v.supportCountry, zone: v.timeZone }).toEqual({
        name,
        country: 'United Kingdom',
        zone: 'Europe/London',
      });
      expect(v.supportNumber, name).toMatch(/^\+44 /);
    }
  });

  it('opens the home page on numbers where the banner promises numbers', () => {
    for (const store of DEMO_STORES) {
      const v = variablesSchema.parse(store.variables);
      if (/\bnumbers?\b/i.test(v.bannerText)) expect(v.homeLeadsWith, store.name).toBe('numbers');
    }
  });
});
