/**
 * All VAT arithmetic of the product. Money is an integer count of minor units (pence, cents);
 * rates are integer basis points (2000 = 20%). Nothing here touches a float.
 */

export type Money = { net: number; gross: number };
export type MoneyLine = { net: number; vat: number; gross: number };

function assertMinorUnits(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be a safe integer of minor units, got ${value}`);
  }
}

/**
 * VAT on one line, rounded half-up (a half unit goes away from zero, so a refund mirrors its
 * sale). Computed with BigInt so that no intermediate product can lose precision.
 */
export function vatOn(net: number, rateBp: number): number {
  assertMinorUnits(net, 'net');
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10_000) {
    throw new RangeError(`rate must be 0-10000 basis points, got ${rateBp}`);
  }
  const magnitude = BigInt(Math.abs(net)) * BigInt(rateBp);
  const rounded = (magnitude + 5_000n) / 10_000n;
  const vat = Number(net < 0 ? -rounded : rounded);
  assertMinorUnits(net + vat, 'gross');
  return vat;
}

/** One priced line: net, its VAT and gross = net + VAT. */
export function priceLine(net: number, rateBp: number): MoneyLine {
  const vat = vatOn(net, rateBp);
  return { net, vat, gross: net + vat };
}

/**
 * `count` of one priced unit (a year of a domain, a seat of a plan): VAT is rounded once, on the
 * unit, and every figure is the unit's times `count`, so the unit price shown times the count is
 * exactly the total shown and charged. `count` 0 prices nothing.
 */
export function priceUnits(unitNet: number, count: number, rateBp: number): MoneyLine {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`count must be a whole number of units, got ${count}`);
  }
  const unit = priceLine(unitNet, rateBp);
  const total = { net: unit.net * count, vat: unit.vat * count, gross: unit.gross * count };
  assertMinorUnits(total.gross, 'total');
  return total;
}

/** The `{net, gross}` pair the store and theme calls show. */
export function netGross(net: number, rateBp: number): Money {
  const { gross } = priceLine(net, rateBp);
  return { net, gross };
}

/** Totals are sums of already-rounded lines, never VAT on a sum. */
export function sumLines(lines: readonly MoneyLine[]): MoneyLine {
  const total = lines.reduce(
    (acc, line) => ({
      net: acc.net + line.net,
      vat: acc.vat + line.vat,
      gross: acc.gross + line.gross,
    }),
    { net: 0, vat: 0, gross: 0 },
  );
  assertMinorUnits(total.gross, 'total');
  return total;
}
