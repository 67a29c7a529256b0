/**
 * The kinds of job this product runs, by name. A feature defines its job once, at module load,
 * with the handler that runs it and its retry policy; the queue (job-queue.server.ts) works every
 * defined name. Plumbing only: what a job does is the defining feature's business.
 */

/** What a handler knows about the run it is in. */
export type JobRun = {
  id: string;
  /** 1 for the first run, 2 for the first retry... */
  attempt: number;
  /** No retry follows when this run fails. */
  lastAttempt: boolean;
};

export type JobHandler<T> = (data: T, run: JobRun) => Promise<void>;

export type JobPolicy = {
  /** Retries after the first run fails (so `retryLimit + 1` runs at most). */
  retryLimit: number;
  /** Seconds before the first retry; with backoff each later wait roughly doubles. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A run that takes longer fails (and is retried); also how long a crashed run stays active. */
  expireInSeconds: number;
  /**
   * pg-boss queue policy: `standard`, or `stately` for work found by the scheduler, so that one
   * singleton key has at most one job waiting and one running.
   */
  policy: 'standard' | 'short' | 'singleton' | 'stately';
  /** Jobs of this kind one process runs at once. */
  concurrency: number;
};

export type JobDefinition<T = unknown> = {
  name: string;
  handler: JobHandler<T>;
  policy: JobPolicy;
};

const DEFAULT_POLICY: JobPolicy = {
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  policy: 'standard',
  concurrency: 1,
};

// On globalThis: Next loads modules in several bundles of one process; the queue started in one
// must see the jobs defined in another.
const KEY = Symbol.for('storefront.job-definitions');
type Holder = {
  [KEY]?: { definitions: Map<string, JobDefinition>; listeners: Set<(d: JobDefinition) => void> };
};
const registry = ((globalThis as Holder)[KEY] ??= { definitions: new Map(), listeners: new Set() });

/**
 * Defines a kind of job. Names are lower-case words with dots or dashes (`outbox.deliver`). A name
 * defined twice (the same module in two bundles) keeps its first definition.
 */
export function defineJob<T>(
  name: string,
  handler: JobHandler<T>,
  policy: Partial<JobPolicy> = {},
): JobDefinition<T> {
  if (!/^[a-z][a-z0-9.-]{0,60}$/.test(name)) throw new Error(`Not a job name: ${name}`);
  const existing = registry.definitions.get(name);
  if (existing) return existing as JobDefinition<T>;
  const definition: JobDefinition<T> = { name, handler, policy: { ...DEFAULT_POLICY, ...policy } };
  registry.definitions.set(name, definition as JobDefinition);
  for (const listener of registry.listeners) listener(definition as JobDefinition);
  return definition;
}

export function jobDefinitions(): JobDefinition[] {
  return [...registry.definitions.values()];
}

export function jobDefinition(name: string): JobDefinition | undefined {
  return registry.definitions.get(name);
}

/** Calls `listener` with each job defined from now on; answers a function that stops it. */
export function onJobDefined(listener: (definition: JobDefinition) => void): () => void {
  registry.listeners.add(listener);
  return () => registry.listeners.delete(listener);
}
