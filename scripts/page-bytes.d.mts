import type { IncomingMessage, ServerResponse } from 'node:http';

export function chosenEncoding(req: IncomingMessage, res: ServerResponse, length: number): string;
declare class Page {
  identity: Buffer;
  bytes: number;
  encoded(encoding: string): Buffer | undefined;
}
export class PageBytes {
  constructor(options: { transform: (bytes: Buffer) => Buffer; limitBytes?: number });
  get size(): number;
  get(body: string | Buffer, encoding?: BufferEncoding): Page;
}
