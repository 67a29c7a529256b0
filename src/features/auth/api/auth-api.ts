'use client';
import { isAxiosError } from 'axios';
import { createApiClient } from '@/lib/api-client';

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

/** The account screens' HTTP client: same origin, credentials, XSRF-TOKEN echoed as header. */
export const authApi = createApiClient();

let tokenRequest: Promise<unknown> | null = null;

// Unsafe calls need the session's XSRF-TOKEN cookie; on a first visit (or after sign-out) it is
// fetched once from GET /api/token before the call. Sign-in answers carry the new one.
authApi.interceptors.request.use(async (config) => {
  if (
    UNSAFE.has((config.method ?? 'get').toLowerCase()) &&
    !/(?:^|; )XSRF-TOKEN=/.test(document.cookie)
  ) {
    tokenRequest ??= authApi.get('/api/token').finally(() => {
      tokenRequest = null;
    });
    await tokenRequest;
  }
  return config;
});

export type ApiProblem = {
  status: number;
  code: string;
  message: string;
  fields: Record<string, string[]>;
};

/** The documented error of a failed call, or a plain one for network trouble. */
export function problemOf(error: unknown): ApiProblem {
  if (isAxiosError(error) && error.response) {
    const body = error.response.data?.error;
    return {
      status: error.response.status,
      code: body?.code ?? 'error',
      message: body?.message ?? error.message,
      fields: body?.fields ?? {},
    };
  }
  return {
    status: 0,
    code: 'network',
    message: 'We could not reach the server. Check your connection and try again.',
    fields: {},
  };
}

export type CustomerUser = {
  id: string;
  name: string;
  email: string;
  account_id: string;
  account_name: string;
  role: 'owner' | 'member';
  second_factor: boolean;
  has_phone: boolean;
};

export type CustomerAnswer = { user: CustomerUser | null; cart: { items: unknown[] } };

/** The SWR fetcher of `/api/customer`. */
export async function fetchCustomer(url: string): Promise<CustomerAnswer> {
  return (await authApi.get(url)).data.data;
}
