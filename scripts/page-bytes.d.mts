import type { IncomingMessage, ServerResponse } from 'node:http';

export type Compressor = (bytes: Buffer, done: (error: Error | null, out: Buffer) => void) => void;
export function chosenEncoding(req: IncomingMessage, res: ServerResponse, length: number): string;
export function notModified(req: IncomingMessage, etag: string): boolean;
declare class Page {
  identity: Buffer;
  bytes: number;
  dropped: boolean;
  get etag(): string;
  get scriptHashes(): string[];
  encoded(encoding: string): Buffer | undefined;
}
export const servedPages: WeakMap<ServerResponse, { scriptHashes: string[] }>;
export class PageBytes {
  constructor(options: {
    transform: (bytes: Buffer) => Buffer;
    limitBytes?: number;
    compressors?: Record<string, Compressor>;
  });
  get size(): number;
  get waiting(): number;
  get(body: string): Page;
}
