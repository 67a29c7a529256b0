import 'server-only';
import type { AppDb } from '@/lib/db/client';
import { platformCosts } from '@/lib/db/schema';
import { DEMO_PLANS, demoNumbers } from '@/features/catalog/server/catalog-seed.server';
import type { Price } from './demo-stores';

/**
 * The platform's wholesale costs, seeded from the shipped prices (docs/decisions/0170): each
 * TLD's cost is 80 % of the lowest price any seeded list asks for it in that site version (a
 * restore costs 50.00 against the stores' default of 70.00), a number range's 80 % of its
 * cheapest number, a plan's 80 % of its price. So every demo store sells above cost. Only what is
 * missing is inserted: an operator's later costs survive a restart.
 */
const eightyPercent = (net: number) => Math.floor((net * 80) / 100);

type CostRow = typeof platformCosts.$inferInsert;

function lowest(rows: Map<string, CostRow>, row: CostRow) {
  const key = `${row.kind}|${row.item}|${row.siteVersion}|${row.action}`;
  const seen = rows.get(key);
  if (!seen || row.costNet < seen.costNet) rows.set(key, row);
}

export function seedCostRows(
  lists: { 1: Price[]; 2: Price[] }[],
  options: { catalog: boolean },
): CostRow[] {
  const rows = new Map<string, CostRow>();
  for (const list of lists) {
    for (const siteVersion of [1, 2] as const) {
      for (const [tld, register, renew, transfer] of list[siteVersion]) {
        const tldRow = (action: string, net: number) =>
          lowest(rows, {
            kind: 'tld',
            item: tld,
            siteVersion,
            action,
            costNet: eightyPercent(net),
          });
        tldRow('register', register);
        tldRow('renew', renew);
        tldRow('transfer', transfer);
        lowest(rows, { kind: 'tld', item: tld, siteVersion, action: 'restore', costNet: 5_000 });
      }
    }
  }
  if (options.catalog) {
    for (const n of demoNumbers()) {
      lowest(rows, {
        kind: 'number_range',
        item: n.area,
        siteVersion: n.siteVersion,
        action: 'monthly',
        costNet: eightyPercent(n.monthlyNet),
      });
    }
    for (const p of DEMO_PLANS) {
      lowest(rows, {
        kind: 'plan',
        item: p.id,
        siteVersion: p.siteVersion,
        action: 'per_user_monthly',
        costNet: eightyPercent(p.perUserMonthlyNet),
      });
    }
  }
  return [...rows.values()];
}

export async function seedPlatformCosts(db: AppDb, rows: CostRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(platformCosts).values(rows).onConflictDoNothing();
}
