import { Agent } from './agent';

/** The cart routes, loaded after the test file has set its configuration. */
export async function cartRoutes() {
  const [token, cart, item, clear, customer] = await Promise.all([
    import('@/app/api/token/route'),
    import('@/app/api/cart/route'),
    import('@/app/api/cart/[id]/route'),
    import('@/app/api/cart/clear/route'),
    import('@/app/api/customer/route'),
  ]);
  return { token, cart, item, clear, customer };
}

type Routes = Awaited<ReturnType<typeof cartRoutes>>;

/** A shopper with a session and CSRF token, and the cart calls as a browser makes them. */
export async function shopper(
  routes: Routes,
  options: { siteVersion?: 1 | 2; host?: string } = {},
) {
  const agent = new Agent(options.host);
  await agent.call(routes.token.GET, '/api/token');
  const lang = { 'accept-language': options.siteVersion === 2 ? 'en-US' : 'en-GB' };
  const headers = (extra: Record<string, string> = {}) => ({ ...lang, ...extra });
  return {
    agent,
    get: (extra?: Record<string, string>) =>
      agent.call(routes.cart.GET, '/api/cart', { headers: headers(extra) }),
    add: (json: unknown, extra?: Record<string, string>) =>
      agent.call(routes.cart.POST, '/api/cart', { method: 'POST', json, headers: headers(extra) }),
    put: (id: string, json: unknown, extra?: Record<string, string>) =>
      agent.call(routes.item.PUT, `/api/cart/${id}`, {
        method: 'PUT',
        json,
        params: { id },
        headers: headers(extra),
      }),
    remove: (id: string, extra?: Record<string, string>) =>
      agent.call(routes.item.DELETE, `/api/cart/${id}`, {
        method: 'DELETE',
        params: { id },
        headers: headers(extra),
      }),
    clear: (extra?: Record<string, string>) =>
      agent.call(routes.clear.DELETE, '/api/cart/clear', {
        method: 'DELETE',
        headers: headers(extra),
      }),
  };
}
