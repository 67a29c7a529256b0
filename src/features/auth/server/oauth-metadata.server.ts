import 'server-only';
import type { Store } from '@/features/tenancy/store-types';
import { SCOPES } from '../oauth-scopes';
import { issuerOf } from './oauth.server';

/** The store's authorization server as RFC 8414 describes it, for the desktop client. */
export function authorizationServerMetadata(store: Store) {
  const issuer = issuerOf(store);
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/api/oauth/token`,
    revocation_endpoint: `${issuer}/api/oauth/revoke`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    scopes_supported: Object.keys(SCOPES),
    // RFC 9207: the authorization response names its issuer, against mix-up attacks.
    authorization_response_iss_parameter_supported: true,
  };
}
