'use client';
import useSWR from 'swr';
import { fetchCustomer } from '../api/auth-api';

/** SPEC section 9: deduplication 2 s, focus throttle 5 s; the customer lookup is never retried. */
export const CUSTOMER_KEY = '/api/customer';

/** The signed-in customer and cart, from GET /api/customer. */
export function useCustomer() {
  return useSWR(CUSTOMER_KEY, fetchCustomer, {
    shouldRetryOnError: false,
    errorRetryCount: 0,
    dedupingInterval: 2_000,
    focusThrottleInterval: 5_000,
  });
}
