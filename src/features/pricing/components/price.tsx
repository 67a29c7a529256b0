import { formatMoney } from '../format-money';
import type { SiteVersionId } from '@/features/site-version/site-version';

/**
 * A price with both its net and gross amounts in the HTML; which one shows is decided by the
 * visitor's VAT choice on <html data-vat>, set before first paint, so cached pages serve everyone
 * and nothing flashes. In USD gross equals net and only one amount is shown.
 */
export function Price({
  net,
  gross,
  siteVersion,
}: {
  net: number;
  gross: number;
  siteVersion: SiteVersionId;
}) {
  if (net === gross) return <span className="price">{formatMoney(net, siteVersion)}</span>;
  return (
    <span className="price">
      <span className="price-net">
        {formatMoney(net, siteVersion)} <span className="price-vat">ex VAT</span>
      </span>
      <span className="price-gross">
        {formatMoney(gross, siteVersion)} <span className="price-vat">inc VAT</span>
      </span>
    </span>
  );
}
