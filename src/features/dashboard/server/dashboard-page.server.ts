import 'server-only';
import { now } from '@/lib/clock';
import type { Caller } from '@/features/access/server/caller.server';
import { accountServices } from '@/features/services/server/services.server';
import type { Service } from '@/features/services/service-types';

const DAY = 24 * 60 * 60 * 1000;
const LAPSING = new Set(['expiring', 'expired', 'redemption', 'suspended']);

/** What renews or lapses within 30 days of the product's time, for the overview. */
export async function upcomingServices(viewer: Caller): Promise<Service[]> {
  const soon = now().getTime() + 30 * DAY;
  return (await accountServices(viewer)).filter((s) => {
    const date = s.expires_at ?? s.renews_at;
    return (
      LAPSING.has(s.status) || (s.status === 'active' && date !== null && Date.parse(date) <= soon)
    );
  });
}
