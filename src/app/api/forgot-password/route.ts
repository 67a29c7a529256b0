import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { forgotSchema } from '@/features/auth/schemas';
import { requestReset } from '@/features/auth/server/recovery.server';
import { storeContext } from '@/features/session/server/request-context.server';

/** Mails a reset link when the address has an account; the answer is the same for every address. */
export const POST = apiRoute(async (request) => {
  const ctx = await storeContext(requestInput(request));
  const { email } = await readJson(request, forgotSchema);
  await requestReset(ctx, email);
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
