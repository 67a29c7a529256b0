import { NextResponse } from 'next/server';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { authorizationServerMetadata } from '@/features/auth/server/oauth-metadata.server';
import { storeContext } from '@/features/session/server/request-context.server';

/**
 * RFC 8414 metadata of the store's authorization server. Served at
 * `/.well-known/oauth-authorization-server` (the proxy sends that path here: Next does not route
 * folders whose names start with a dot).
 */
export const GET = apiRoute(async (request) => {
  const { store } = await storeContext(requestInput(request));
  return NextResponse.json(authorizationServerMetadata(store), {
    headers: { 'cache-control': 'public, max-age=300' },
  });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
