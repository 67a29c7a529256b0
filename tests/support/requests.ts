import { NextRequest } from 'next/server';

/** A request as it reaches a route handler: real Host header, optional JSON body. */
export function apiRequest(
  path: string,
  options: {
    host?: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Uint8Array;
    json?: unknown;
  } = {},
): NextRequest {
  const host = options.host ?? 'nameport.localhost';
  const headers: Record<string, string> = { host, ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  return new NextRequest(`http://${host}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: body as BodyInit | undefined,
  });
}

export async function json(response: Response): Promise<any> {
  return response.json();
}
