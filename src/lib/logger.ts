import pino, { type DestinationStream } from 'pino';
import { getEnv } from './env';
import { currentLogScope } from './log-scope';

// Where the lines go: standard output (pino's own default), or what a test has set.
let destination: DestinationStream | undefined;
let standardOutput: DestinationStream | undefined;
const target = () => destination ?? (standardOutput ??= pino.destination(1));

/** JSON logs, one object per line. Secrets never go in: callers log ids, not values. */
export const logger = pino(
  {
    level: getEnv().LOG_LEVEL,
    base: { service: 'storefront' },
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'code', '*.code', 'secret', '*.secret'],
      censor: '[redacted]',
    },
    // Every line written while a request is handled carries its id, as serve.mjs's line does.
    mixin() {
      const requestId = currentLogScope()?.requestId;
      return requestId ? { request_id: requestId } : {};
    },
  },
  {
    write: (line: string) => target().write(line),
    flush: (done?: (error?: Error) => void) => {
      const stream = target() as { flush?: (done?: (error?: Error) => void) => void };
      if (stream.flush) stream.flush(done);
      else done?.();
    },
  } as DestinationStream,
);

/**
 * Sends the log lines to `stream` instead of standard output (tests read them there). Answers a
 * function that puts the previous destination back.
 */
export function setLogDestination(stream: DestinationStream): () => void {
  const previous = destination;
  destination = stream;
  return () => {
    destination = previous;
  };
}
