'use client';
import useSWR from 'swr';
import { browserHasSession } from '@/lib/browser-session';
import { CUSTOMER_LOOKUP_OPTIONS } from '@/lib/swr-config';
import type { CustomerAnswer } from '../api/auth-api';

export const CUSTOMER_KEY = '/api/customer';

/** What a browser without a session is: nobody, with an empty cart. */
const NO_SESSION: CustomerAnswer = { user: null, cart: { items: [] } };

/**
 * The SWR fetcher of `/api/customer`. A browser with no session has no one to look up, so a
 * first visit makes no request, creates no session row and loads no HTTP client (decision 0015).
 * Otherwise the HTTP client is imported when the lookup runs, so the header that uses this hook
 * adds no HTTP library to the page's first load.
 */
async function fetchCustomer(url: string): Promise<CustomerAnswer> {
  if (!browserHasSession()) return NO_SESSION;
  const { browserApi } = await import('@/lib/browser-api');
  return (await browserApi.get(url)).data.data;
}

/**
 * The signed-in customer and cart. The data-fetch defaults (docs/contract/constants-and-errors.md)
 * come from DataProvider; the customer lookup is never retried after an error.
 */
export function useCustomer() {
  return useSWR(CUSTOMER_KEY, fetchCustomer, CUSTOMER_LOOKUP_OPTIONS);
}
