import 'server-only';
import { ApiError } from '@/lib/http/api-response';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import { LIMITS } from './limits.server';
import { verifyPassword } from './password.server';
import type { UserRow } from './users-repository.server';

/**
 * Re-entering the password guards every change to how an account signs in (rate-limited per
 * user, so a stolen session cannot guess it).
 */
export async function confirmPassword(user: UserRow, password: string): Promise<void> {
  await consumeLimits([[LIMITS.reauth, user.id]]);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new ApiError(403, 'password_incorrect', 'The password is not right.');
  }
}
