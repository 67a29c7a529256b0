import type { IncomingMessage, ServerResponse } from 'node:http';

export function notModified(req: IncomingMessage, etag: string): boolean;
declare class Page {
  identity: Buffer;
  bytes: number;
  dropped: boolean;
  get etag(): string;
  get scriptHashes(): string[];
}
export const servedPages: WeakMap<ServerResponse, { scriptHashes: string[] }>;
export class PageBytes {
  constructor(options: { transform: (bytes: Buffer) => Buffer; limitBytes?: number });
  get size(): number;
  get(body: string): Page;
}
