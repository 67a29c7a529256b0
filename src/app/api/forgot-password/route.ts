import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { forgotSchema } from '@/features/auth/schemas';
import { requestReset } from '@/features/auth/server/recovery.server';
import { requireStore } from '@/features/tenancy/server/request-store.server';

/** Mails a reset link when the address has an account; the answer is the same for every address. */
export const POST = apiRoute(async (request) => {
  const { store } = await requireStore(request);
  const { email } = await readJson(request, forgotSchema);
  await requestReset(request, store, email);
  return dataResponse(
    {
      status: 'check_your_email',
      message: 'If an account uses this address, we sent it a reset link.',
    },
    { status: 202 },
  );
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
