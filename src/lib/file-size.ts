const KB = 1024;
const MB = 1024 * KB;

const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/**
 * A file's size in the units people use, the same on the server and in the browser: "512 KB",
 * "700 KB", "1.4 MB" (1 KB is 1,024 bytes, as the limits are set; "64 bytes" below 1 KB).
 * `round` is `up` for a file measured against a limit, so that a file over it never reads as the
 * limit itself (512 KB and one byte is "513 KB"), and `down` for the limit, which is never
 * overstated.
 */
export function fileSize(bytes: number, round: 'up' | 'down' = 'up'): string {
  const by = round === 'up' ? Math.ceil : Math.floor;
  if (bytes < KB) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const kilobytes = by(bytes / KB);
  if (kilobytes < 1024) return `${kilobytes} KB`;
  return `${oneDecimal.format(by((bytes / MB) * 10) / 10)} MB`;
}
