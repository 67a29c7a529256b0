import { isUuid } from '@/lib/uuid';
import { ApiError } from './api-response';

/**
 * The `{id}` of a path that names a row by its uuid. Anything else names nothing: 404 with the
 * call's own code, as for an id that does not exist.
 */
export async function pathId(
  context: { params: Promise<{ id: string }> },
  notFound: () => ApiError,
): Promise<string> {
  const { id } = await context.params;
  if (!isUuid(id)) throw notFound();
  return id.toLowerCase();
}

export type IdContext = { params: Promise<{ id: string }> };
