export const MIN_REMEMBERED: number;
export const REMEMBERED: number;
export function rememberPageLengths(target?: {
  byteLength: (value: unknown, encoding?: unknown) => number;
}): (value: unknown, encoding?: unknown) => number;
