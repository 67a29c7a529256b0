import { ApiError } from './api-response';

/**
 * Reads a request body as text, exactly as sent (a webhook's signature covers these bytes), up
 * to `maxBytes` (413 past it).
 */
export async function readRawText(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = () =>
    new ApiError(413, 'payload_too_large', `The body must be at most ${maxBytes} bytes.`);
  if (Number(request.headers.get('content-length') ?? '0') > maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}
