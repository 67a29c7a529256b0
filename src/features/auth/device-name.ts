import Bowser from 'bowser';

/**
 * How the list of sessions names a device, from its User-Agent: "Chrome 131 on
 * Windows", "Safari on iOS (mobile)". Unknown or missing agents are said to be unknown.
 */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name
    ? `${parsed.browser.name}${parsed.browser.version ? ` ${parsed.browser.version.split('.')[0]}` : ''}`
    : null;
  const os = parsed.os.name ?? null;
  const type =
    parsed.platform.type === 'mobile' || parsed.platform.type === 'tablet'
      ? ` (${parsed.platform.type})`
      : '';
  if (!browser && !os) return 'Unknown device';
  return `${browser ?? 'A browser'}${os ? ` on ${os}` : ''}${type}`;
}
