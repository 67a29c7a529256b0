import type { IncomingMessage, ServerResponse } from 'node:http';

export function inlineLoader(source: string): string;
export const PAINT_FIRST_LOADER: string;
export const PAINT_FIRST_LOADER_HASH: string;
export class PaintFirstRewriter {
  push(bytes: Uint8Array): Buffer;
  flush(): Buffer;
}
export function rewritePage(bytes: Buffer): Buffer;
export function paintFirst(
  req: IncomingMessage,
  res: ServerResponse,
  pages?: import('./page-bytes.mjs').PageBytes,
  options?: { rewrite?: boolean },
): void;
