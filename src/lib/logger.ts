import pino from 'pino';
import { getEnv } from './env';

/** JSON logs, one object per line. Secrets never go in: callers log ids, not values. */
export const logger = pino({
  level: getEnv().LOG_LEVEL,
  base: { service: 'storefront' },
  redact: {
    paths: ['password', '*.password', 'token', '*.token', 'code', '*.code', 'secret', '*.secret'],
    censor: '[redacted]',
  },
});
