import { noSuchApiPath } from '@/lib/http/api-response';

/** `/api` and any path under it that no route has: JSON 404, like every API answer. */
export const GET = noSuchApiPath;
export const POST = noSuchApiPath;
export const PUT = noSuchApiPath;
export const PATCH = noSuchApiPath;
export const DELETE = noSuchApiPath;
