import 'server-only';

export type CustomerCart = { items: unknown[] };

/**
 * The cart part of GET /api/customer. Carts arrive with the cart issue (5), hung on the session
 * id; until then every session's cart is empty, which is the truth.
 */
export async function customerCart(sessionId: string): Promise<CustomerCart> {
  void sessionId;
  return { items: [] };
}
