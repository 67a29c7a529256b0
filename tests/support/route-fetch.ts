import { NextRequest } from 'next/server';
import { freshIp } from './agent';

type Handler = (request: NextRequest, context: any) => Promise<Response>;

/**
 * A `fetch` that hands each request to the route handler of its path, as the production server
 * would, with the URL's host as the Host header and one client address. Lets a real client
 * library (oauth4webapi) talk to the routes without a server; cookies are never sent.
 */
export function routeFetch(
  routes: Record<string, Handler>,
  ip = freshIp(),
): (
  url: string,
  init?: { method?: string; headers?: HeadersInit; body?: unknown },
) => Promise<Response> {
  return async (url, init = {}) => {
    const target = new URL(url);
    const handler = routes[target.pathname];
    if (!handler) return new Response('no such route in the test', { status: 404 });
    const headers = new Headers(init.headers);
    headers.set('host', target.host);
    headers.set('x-forwarded-for', ip);
    const request = new NextRequest(target, {
      method: init.method ?? 'GET',
      headers,
      body: init.body as BodyInit | undefined,
    });
    return handler(request, { params: Promise.resolve({}) });
  };
}
