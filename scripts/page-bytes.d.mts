import type { IncomingMessage, ServerResponse } from 'node:http';

export function chosenEncoding(req: IncomingMessage, res: ServerResponse, length: number): string;
declare class Page {
  identity: Buffer;
  bytes: number;
  dropped: boolean;
  encoded(encoding: string): Buffer | undefined;
}
export class PageBytes {
  constructor(options: { transform: (bytes: Buffer) => Buffer; limitBytes?: number });
  get size(): number;
  get(body: string): Page;
  grew(page: Page, bytes: number): void;
  schedule(job: (done: () => void) => void): void;
}
