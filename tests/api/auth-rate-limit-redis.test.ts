import { rateLimitSuite } from '../support/rate-limit-suite';

// The Redis lane: vitest.config.ts runs this file only with TEST_REDIS_URL (npm run test:pg sets
// it); the same checks on the database store are tests/api/auth-rate-limit.test.ts's.
const url = process.env.TEST_REDIS_URL;
if (!url) throw new Error('tests/api/auth-rate-limit-redis.test.ts needs TEST_REDIS_URL');
await rateLimitSuite(`Redis (${url})`, url);
