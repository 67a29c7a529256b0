import type { AxiosInstance } from 'axios';

export type CtdGrantRequest = {
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  code_challenge_method: 'S256';
  state: string;
  scope?: string;
};

export type CtdGrantResult =
  | {
      ok: true;
      data: {
        code: string;
        state: string;
        redirect_uri: string;
        expires_in: number;
        scope: string;
      };
    }
  | { ok: false; status: number; error: { error: string; error_description?: string } };

/**
 * POST /api/oauth/grant/ctd (docs/contract/calls.md): on failure the error body is handed back to
 * the caller, never thrown, so the desktop hand-off can report it through its redirect.
 */
export async function requestCtdGrant(
  client: AxiosInstance,
  payload: CtdGrantRequest,
): Promise<CtdGrantResult> {
  try {
    const response = await client.post('/api/oauth/grant/ctd', payload, {
      validateStatus: () => true,
    });
    if (response.status >= 200 && response.status < 300)
      return { ok: true, data: response.data.data };
    const body = response.data ?? {};
    const error =
      typeof body.error === 'string'
        ? { error: body.error, error_description: body.error_description }
        : { error: body.error?.code ?? 'server_error', error_description: body.error?.message };
    return { ok: false, status: response.status, error };
  } catch (error) {
    return {
      ok: false,
      status: 0,
      error: {
        error: 'temporarily_unavailable',
        error_description: error instanceof Error ? error.message : 'Network Error',
      },
    };
  }
}
