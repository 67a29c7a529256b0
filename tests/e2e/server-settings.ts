/**
 * Settings of the suite's server that specs count with. The whole suite signs up and signs in
 * from 127.0.0.1, more often in an hour than one address of real visitors may; the limits are
 * scaled (RATE_LIMIT_SCALE, docs/decisions/0023), and a spec that tests a limit reads the scale.
 */
export const E2E_RATE_LIMIT_SCALE = 5;

/** The API key of the PowerDNS the DNS spec starts on the suite's port + 3. */
export const E2E_PDNS_API_KEY = 'e2e-pdns-api-key-0123456789';
