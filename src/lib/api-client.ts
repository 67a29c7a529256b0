import axios, { type AxiosInstance } from 'axios';

/**
 * The product's HTTP client (docs/contract/calls.md, docs/contract/constants-and-errors.md): no
 * timeout, credentials sent, and the XSRF-TOKEN cookie echoed as the X-XSRF-TOKEN header. Non-2xx
 * answers reject with axios's generic messages ("Request failed with status code N", "Network
 * Error", ...). On the server the base address is the incoming request's real host.
 */
export function createApiClient(baseURL?: string): AxiosInstance {
  return axios.create({
    baseURL,
    timeout: 0,
    withCredentials: true,
    xsrfCookieName: 'XSRF-TOKEN',
    xsrfHeaderName: 'X-XSRF-TOKEN',
    headers: { accept: 'application/json' },
  });
}

/**
 * The client for server-side calls made while handling a request: its base address is the
 * request's own scheme and Host, so the call reaches the same store.
 */
export function apiClientForRequest(headers: Headers): AxiosInstance {
  const host = headers.get('host') ?? 'localhost';
  const proto = headers.get('x-forwarded-proto') === 'https' ? 'https' : 'http';
  return createApiClient(`${proto}://${host}`);
}
