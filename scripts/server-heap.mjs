// The server's V8 heap limit, one setting for `npm start` (scripts/start.mjs) and every instance
// of `npm run cluster` (scripts/cluster.mjs); src/lib/env.ts checks SERVER_MAX_OLD_SPACE_MB with
// the rest of the configuration. Why 224 MB: docs/decisions/0014 and 0280.

/** The old generation's limit in MB when SERVER_MAX_OLD_SPACE_MB is not set. */
export const DEFAULT_SERVER_HEAP_MB = 224;

/**
 * NODE_OPTIONS for a server process: the heap limit first, then whatever the operator's own
 * NODE_OPTIONS holds (a later --max-old-space-size there wins).
 * @param {NodeJS.ProcessEnv} env
 */
export function serverNodeOptions(env) {
  const mb = env.SERVER_MAX_OLD_SPACE_MB || DEFAULT_SERVER_HEAP_MB;
  return `--max-old-space-size=${mb} ${env.NODE_OPTIONS ?? ''}`.trim();
}
