import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';

export function routeOf(path: string): string;
export function pageCacheResult(header: string | undefined): 'hit' | 'miss' | 'stale' | null;
export function createMetrics(options: { token?: string }): {
  observe(req: IncomingMessage, res: ServerResponse, path: string): void;
  answer(req: IncomingMessage, res: ServerResponse): Promise<void>;
  registry: Registry;
};
