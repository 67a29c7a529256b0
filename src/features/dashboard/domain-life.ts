import { formatMoney } from '@/features/pricing/format-money';
import type { ServiceStatus } from '@/features/services/service-types';
import type { SiteVersionId } from '@/features/site-version/site-version';
import { formatDay } from './format';

/**
 * What a domain's page says happens next, and which of its forms can work, by status
 * (docs/decisions/0103 has the steps: expired at expiry, redemption 30 days later, released 60
 * days after expiry; decision 0136 what the page shows in each).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days after expiry when a domain goes into redemption, and when it is released. */
export const REDEMPTION_AFTER_DAYS = 30;
export const RELEASE_AFTER_DAYS = 60;
/** Days before expiry when auto-renew first charges the kept card. */
const FIRST_CHARGE_DAYS = 7;

export type DomainLifeInput = {
  status: ServiceStatus;
  expiresAt: string | null;
  autoRenew: boolean;
  /** A year's renewal, gross minor units. */
  renewalGross: number;
  /** The price list's restore fee for the TLD, gross; null when the list has none. */
  restoreGross: number | null;
  /** Whether the account has a payment method auto-renew can charge. */
  hasPaymentMethod: boolean;
  /** The site version of the service's currency: its money and dates are written in it. */
  siteVersion: SiteVersionId;
};

export type DomainLife = {
  /** Sentences: what happens next, when, for how much. */
  next: string[];
  /** What the Auto-renew column and box say: on only when it can charge something. */
  autoRenew: 'on' | 'off' | 'no_method';
  /** The forms that can work in this status. */
  can: {
    autoRenew: boolean;
    nameservers: boolean;
    authCode: boolean;
    renew: boolean;
    restore: boolean;
  };
};

const after = (iso: string, days: number) =>
  new Date(Date.parse(iso) + days * DAY_MS).toISOString();

/** The next steps and the possible actions of one domain. */
export function domainLife(d: DomainLifeInput): DomainLife {
  const sv = d.siteVersion;
  const money = (minor: number) => formatMoney(minor, sv);
  const day = (iso: string) => formatDay(iso, sv);
  const autoRenew = !d.autoRenew ? 'off' : d.hasPaymentMethod ? 'on' : 'no_method';
  const none = {
    autoRenew: false,
    nameservers: false,
    authCode: false,
    renew: false,
    restore: false,
  };
  const expiry = d.expiresAt;
  if (!expiry) return { next: [], autoRenew, can: none };
  const renewal = money(d.renewalGross);
  const redemptionAt = after(expiry, REDEMPTION_AFTER_DAYS);
  const releaseAt = after(expiry, RELEASE_AFTER_DAYS);
  const restoreTotal = d.restoreGross === null ? null : money(d.restoreGross + d.renewalGross);

  switch (d.status) {
    case 'active':
    case 'expiring': {
      const next =
        autoRenew === 'on'
          ? `It renews automatically for ${renewal} a year: your payment method is charged from ${day(after(expiry, -FIRST_CHARGE_DAYS))}, before it expires on ${day(expiry)}.`
          : autoRenew === 'no_method'
            ? `Auto-renew cannot charge anything: the account has no payment method. Renew now for ${renewal} a year and tick “Keep my payment method for renewals” when you pay, before it expires on ${day(expiry)}.`
            : `It expires on ${day(expiry)} unless you renew it (${renewal} a year).`;
      return {
        next: [next],
        autoRenew,
        can: { autoRenew: true, nameservers: true, authCode: true, renew: true, restore: false },
      };
    }
    case 'expired':
      return {
        next: [
          `It expired on ${day(expiry)} and no longer works: web sites and mail at it have stopped.`,
          `Renew it by ${day(redemptionAt)} for ${renewal} a year and it works again as before.`,
          restoreTotal
            ? `After that it can only be restored, until ${day(releaseAt)}, for ${restoreTotal} (the restore fee and a year).`
            : `After that it can only be restored, until ${day(releaseAt)}, at a higher price.`,
        ],
        autoRenew,
        can: {
          autoRenew: d.hasPaymentMethod,
          nameservers: false,
          authCode: false,
          renew: true,
          restore: false,
        },
      };
    case 'redemption':
      return {
        next: [
          `It was not renewed in time and is in redemption since ${day(redemptionAt)}.`,
          restoreTotal
            ? `Restore it by ${day(releaseAt)} for ${restoreTotal}: the restore fee and a year's renewal (${renewal}).`
            : `Restore it by ${day(releaseAt)}: the restore fee and a year's renewal (${renewal}).`,
          `After ${day(releaseAt)} it is released and anyone may register it.`,
        ],
        autoRenew,
        can: { ...none, restore: true },
      };
    case 'released':
      return {
        next: [
          `It was released on ${day(releaseAt)} and is no longer yours. If nobody has registered it since, you can register it again.`,
        ],
        autoRenew: 'off',
        can: none,
      };
    default:
      return { next: [], autoRenew, can: none };
  }
}
