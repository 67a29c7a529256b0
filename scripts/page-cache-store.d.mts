export const STORE_CHANGES_CHANNEL: string;
export function tagsFromMessage(raw: string): string[] | null;
export class PageCacheStore {
  constructor(options?: { limitBytes?: number; announce?: (tags: string[]) => void });
  get size(): number;
  get(
    key: string,
  ): { value: unknown; lastModified: number; scriptHashes?: string[] | undefined } | null;
  set(
    key: string,
    value: unknown,
    tags?: string[],
    freshMs?: number,
    scriptHashes?: string[],
  ): void;
  expire(tags: readonly string[], options?: { announce?: boolean }): void;
}
export function pageCacheStore(): PageCacheStore;
