/**
 * The renewal window, in days: a domain is billed this long before its expiry and reads as
 * `expiring` from then on, the scheduler looks this far ahead, and the dashboard's overview lists
 * what renews or lapses within it (docs/decisions/0151).
 */
export const RENEWAL_WINDOW_DAYS = 30;
