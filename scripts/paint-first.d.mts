export function inlineLoader(source: string): string;
export const PAINT_FIRST_LOADER: string;
export const PAINT_FIRST_LOADER_HASH: string;
export function rewritePage(bytes: Buffer): Buffer;
