/**
 * What a desktop client may be given (docs/decisions/0081). Shared by the consent screen, which
 * says each in words, and the server, which checks them on every bearer call.
 */
export const SCOPES = {
  'account:read': 'See your name, e-mail address and account',
  'services:read': 'See your services: numbers, plans and domains',
  'services:write': 'Change the settings of your services',
} as const;

export type Scope = keyof typeof SCOPES;

/** What a grant without a `scope` parameter gets: the least (RFC 6749 section 3.3). */
export const DEFAULT_SCOPE: Scope[] = ['account:read'];

const isScope = (value: string): value is Scope => Object.hasOwn(SCOPES, value);

/**
 * Parses a `scope` parameter (space-separated, RFC 6749 section 3.3): the scopes in a fixed
 * order without repeats, the default when absent, or null when one is unknown or it is empty.
 */
export function parseScope(value: string | undefined | null): Scope[] | null {
  if (value === undefined || value === null) return DEFAULT_SCOPE;
  const given = value.split(' ').filter(Boolean);
  if (given.length === 0 || !given.every(isScope)) return null;
  return (Object.keys(SCOPES) as Scope[]).filter((s) => given.includes(s));
}

/** The `scope` parameter of a list of scopes. */
export const scopeString = (scopes: readonly Scope[]): string => scopes.join(' ');
