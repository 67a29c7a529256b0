/**
 * "10.49" -> 1049, in integers: the digits before and after the point, never a float times 100.
 * Null when it is not an amount with at most two decimals.
 */
export function minorOf(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** 1049 -> "10.49", as the price fields show an amount. */
export const majorOf = (minor: number) =>
  `${(minor - (minor % 100)) / 100}.${String(minor % 100).padStart(2, '0')}`;
