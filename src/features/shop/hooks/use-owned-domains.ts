'use client';
import useSWR from 'swr';
import { useCustomer } from '@/features/auth/hooks/use-customer';

type ServiceEntry = { type: string; name: string; status: string };

async function heldDomains([url]: readonly [string, string]): Promise<Set<string>> {
  const response = await fetch(url, { credentials: 'same-origin' });
  // A role that may not read services: nothing is known to be held.
  if (!response.ok) return new Set();
  const { data } = (await response.json()) as { data: { services: ServiceEntry[] } };
  return new Set(
    data.services
      .filter((s) => s.type.startsWith('domain') && !['released', 'cancelled'].includes(s.status))
      .map((s) => s.name),
  );
}

const EMPTY: Set<string> = new Set();

/**
 * The domains the signed-in customer's account holds here, by the name people read. Search
 * pages are cached for every visitor, so this is asked in the browser, once per page, and only
 * once the customer lookup the header makes anyway says someone is signed in.
 */
export function useOwnedDomains(): Set<string> {
  const signedIn = Boolean(useCustomer().data?.user);
  // A key of its own: another hook of `/api/services` keeps the services, not this set.
  const { data } = useSWR(
    signedIn ? (['/api/services', 'held-domains'] as const) : null,
    heldDomains,
    {
      revalidateOnFocus: false,
    },
  );
  return data ?? EMPTY;
}
