export function preparePage(
  data: unknown,
  options?: { rewrite?: boolean },
): { value: unknown; scriptHashes?: string[] };
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
