/** How the admin's order, customer and report pages show amounts and times. */

const formatters = new Map<string, Intl.NumberFormat>();

/** Minor units in the given currency: 1259, "GBP" -> "£12.59". */
export function adminMoney(minor: number, currency: string): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(minor / 100);
}

/** An ISO time as "2026-11-27 01:38" (UTC), as the audit shows it. */
export function adminTime(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ');
}

/** `awaiting_payment` -> "awaiting payment". */
export function statusLabel(status: string): string {
  return status.replaceAll('_', ' ');
}

/** A query string from the filters that are set, for links that keep them. */
export function queryOf(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) params.set(k, v);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** A page's search parameter as one string (the first when repeated). */
export function oneParam(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v === undefined || v === '' ? undefined : v;
}
