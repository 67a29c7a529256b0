import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { backupCodesSchema } from '@/features/auth/schemas';
import { regenerateBackupCodes } from '@/features/auth/server/backup-codes.server';
import { credentialsOf } from '@/features/auth/server/current-user.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** A new set of ten backup codes, shown once; the old ones stop working: `{password}`. */
export const POST = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const user = await credentialsOf(await requireCaller(ctx));
  const { password } = await readJson(request, backupCodesSchema);
  return dataResponse(await regenerateBackupCodes(ctx.store, user, password));
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
