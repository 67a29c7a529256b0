import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { withSessionCookies } from '@/lib/http/session-cookie';
import { register, registerBodySchema } from '@/features/auth/server/registration.server';
import { requestContext } from '@/features/session/server/request-context.server';

/**
 * Registration `{name, email, password, invite_token?}`. Without an invite always 202 with the
 * same body: whether the address was free (activation mail) or taken (notice to its owner) is
 * told only by mail. With an invite the account is active at once: 201 `{status: "active"}`.
 */
export const POST = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const input = await readJson(request, registerBodySchema);
  const registered = await register(ctx, input);
  // A new id on registration, taken address or not, so the answer stays the same.
  await ctx.rotate();
  const answer =
    registered.status === 'active'
      ? dataResponse(
          { status: 'active', message: 'Your account is active. You can sign in now.' },
          { status: 201 },
        )
      : dataResponse(
          {
            status: 'check_your_email',
            message:
              'Check your e-mail to activate your account. No mail within a few minutes? Use Forgot password on the sign-in page: its link activates the account too.',
          },
          { status: 202 },
        );
  return withSessionCookies(answer, ctx);
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
