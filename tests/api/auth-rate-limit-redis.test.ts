import { rateLimitSuite } from '../support/rate-limit-suite';

// The Redis lane runs with TEST_REDIS_URL (npm run test:pg sets it); without it this file runs the
// same checks on the database store, so it never passes by running nothing.
const url = process.env.TEST_REDIS_URL;
await rateLimitSuite(url ? `Redis (${url})` : 'the database (TEST_REDIS_URL unset)', url);
