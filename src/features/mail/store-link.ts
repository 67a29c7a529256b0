/**
 * A link in a mail goes to the store's public address (one rule for mail and pages:
 * tenancy/store-address.ts), built from its configured `domain_name`, never from the Host of the
 * request that caused the mail: a forged Host cannot redirect a reset link.
 */
export { storeUrl as storeLink } from '@/features/tenancy/store-address';
