/**
 * Every store's legal pages: where they are, what they are called, and the
 * store variable holding the store's own text (empty: the product's default, naming the store).
 * Screens that ask a customer to accept them (registration, checkout) link them from here.
 */
export const LEGAL_PAGES = {
  terms: { path: '/terms', title: 'Terms and conditions', variable: 'termsText' },
  privacy: { path: '/privacy', title: 'Privacy notice', variable: 'privacyText' },
  cookies: { path: '/cookies', title: 'Cookies', variable: 'cookiesText' },
} as const;

export type LegalPageKey = keyof typeof LEGAL_PAGES;
export const LEGAL_PAGE_KEYS = Object.keys(LEGAL_PAGES) as LegalPageKey[];
