/**
 * A time as the admin shows it, to the minute and in UTC, the same on the server and in the
 * browser (no time zone of the viewer's): `2026-12-07 08:40 UTC`. Takes an ISO 8601 string in UTC,
 * as the calls answer times.
 */
export const utcMinute = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
