import { ApiError, errorResponse } from '@/lib/http/api-response';

/** Unknown API paths answer in the documented error format, not with an HTML page. */
async function notFound() {
  return errorResponse(new ApiError(404, 'not_found', 'There is no such API path.'));
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
