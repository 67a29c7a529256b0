import { rateLimitSuite } from '../support/rate-limit-suite';

await rateLimitSuite('the database');
