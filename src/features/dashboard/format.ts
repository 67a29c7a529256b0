import { SITE_VERSIONS, type SiteVersionId } from '@/features/site-version/site-version';

/** A day as people of the site version write it: 24 November 2027, or November 24, 2027. */
export function formatDay(iso: string | null, siteVersion: SiteVersionId): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(SITE_VERSIONS[siteVersion].locale, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(iso));
}

/** A moment with its time, for the activity log. */
export function formatMoment(iso: string, siteVersion: SiteVersionId): string {
  return new Intl.DateTimeFormat(SITE_VERSIONS[siteVersion].locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(iso));
}

const TONE: Record<string, 'good' | 'warn' | 'bad' | undefined> = {
  active: 'good',
  paid: 'good',
  fulfilled: 'good',
  expiring: 'warn',
  unpaid: 'warn',
  awaiting_payment: 'warn',
  pending_transfer: 'warn',
  expired: 'bad',
  redemption: 'bad',
  suspended: 'bad',
  overdue: 'bad',
  failed: 'bad',
};

/** How a status reads, and its tone for the badge. */
export function statusLabel(status: string): {
  text: string;
  tone: 'good' | 'warn' | 'bad' | undefined;
} {
  // Words a customer reads ("Awaiting payment"), not the code a client gets (awaiting_payment).
  const words = status.replace(/_/g, ' ');
  return { text: words.charAt(0).toUpperCase() + words.slice(1), tone: TONE[status] };
}
