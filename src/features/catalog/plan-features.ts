/**
 * What each call plan includes, in the words its card and GET /api/voice/plans show. Kept with
 * the catalog's code rather than in the plans table: the three plans are the product's own, and
 * their features are copy that changes with a release, not with an operator's price change. A
 * plan not named here lists none.
 */
export const PLAN_FEATURES: Readonly<Record<string, readonly string[]>> = {
  starter: [
    '1,000 minutes a user a month to landlines and mobiles at home',
    'Voicemail to e-mail',
    'Call forwarding',
  ],
  business: [
    '3,000 minutes a user a month to landlines and mobiles at home',
    'Voicemail to e-mail',
    'Call forwarding and ring groups',
    'Call recording, kept 90 days',
  ],
  unlimited: [
    'Unlimited calls to landlines and mobiles at home',
    'Voicemail to e-mail',
    'Call forwarding and ring groups',
    'Call recording, kept 1 year',
    'Calls to 40 countries abroad',
  ],
};

/** The features of a plan, by its id. */
export const planFeatures = (id: string): string[] => [...(PLAN_FEATURES[id] ?? [])];
