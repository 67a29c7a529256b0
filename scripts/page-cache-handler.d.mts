export const STORE_CHANGES_CHANNEL: string;
export function tagsFromMessage(raw: string): string[] | null;
export class PageCacheStore {
  constructor(options?: { limitBytes?: number; announce?: (tags: string[]) => void });
  get size(): number;
  get(key: string): { value: unknown; lastModified: number } | null;
  set(key: string, value: unknown, tags?: string[], freshMs?: number): void;
  expire(tags: readonly string[], options?: { announce?: boolean }): void;
}
export function pageCacheStore(): PageCacheStore;
export default class PageCacheHandler {
  get(key: string): Promise<{ value: unknown; lastModified: number } | null>;
  set(
    key: string,
    data: unknown,
    ctx?: {
      tags?: string[];
      revalidate?: number | false;
      cacheControl?: { revalidate?: number | false };
    },
  ): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
}
