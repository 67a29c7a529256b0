import { randomBytes } from 'node:crypto';
import type { NextRequest } from 'next/server';
import { apiRequest } from './requests';

type Handler = (request: NextRequest, context: any) => Promise<Response>;

export type Answer = { status: number; body: any; headers: Headers; cookies: string[] };

/**
 * A distinct documentation-range address per agent, random so that neither tests nor runs share
 * a rate-limit counter (Redis keeps counters between runs).
 */
export const freshIp = () =>
  `2001:db8::${randomBytes(6).toString('hex').match(/.{4}/g)!.join(':')}`;

/**
 * A browser as route handlers see it: one host, one client address, a cookie jar that takes
 * what answers set, and the CSRF header echoed from the XSRF-TOKEN cookie on unsafe calls.
 */
export class Agent {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly host = 'nameport.localhost',
    readonly ip = freshIp(),
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async call(
    handler: Handler,
    path: string,
    options: {
      method?: string;
      json?: unknown;
      headers?: Record<string, string>;
      params?: Record<string, string>;
      csrf?: boolean;
    } = {},
  ): Promise<Answer> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && options.csrf !== false && xsrf) headers['x-xsrf-token'] = xsrf;
    Object.assign(headers, options.headers);
    const response = await handler(
      apiRequest(path, { host: this.host, method, headers, json: options.json }),
      { params: Promise.resolve(options.params ?? {}) },
    );
    const cookies = response.headers.getSetCookie();
    for (const line of cookies) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : null,
      headers: response.headers,
      cookies,
    };
  }
}
