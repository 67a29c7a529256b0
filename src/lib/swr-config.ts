import type { SWRConfiguration } from 'swr';

/** docs/contract/constants-and-errors.md: data-fetch cache defaults for every SWR hook. */
export const SWR_DEFAULTS = {
  dedupingInterval: 2_000,
  focusThrottleInterval: 5_000,
  errorRetryInterval: 5_000,
} as const satisfies SWRConfiguration;

/** docs/contract/constants-and-errors.md: the customer lookup is never retried after an error. */
export const CUSTOMER_LOOKUP_OPTIONS = {
  shouldRetryOnError: false,
  errorRetryCount: 0,
} as const satisfies SWRConfiguration;
