// Imported first by a test file that needs REDIS_URL in the Redis lane (npm run test:pg sets
// TEST_REDIS_URL): modules the file imports may read the configuration as they load, and it is
// read once per process.
export const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) process.env.REDIS_URL = redisUrl;
