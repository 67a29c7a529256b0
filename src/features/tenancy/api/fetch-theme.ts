import type { AxiosInstance } from 'axios';
import type { Theme } from '@/features/theme/schema';
import type { TldEntry } from '../store-payload';
import type { StoreConfig } from '../store-types';
import type { Variables } from '../variables-schema';

export type ThemeResponse = {
  config: StoreConfig;
  theme: Theme;
  variables: Variables;
  tlds?: TldEntry[];
};

export const FETCH_THEME_ERROR = 'Failed to fetch theme';

/**
 * `GET {host}/api/theme?tlds=true` (docs/contract/calls.md). Anything but status 200 with data
 * raises "Failed to fetch theme" (docs/contract/constants-and-errors.md); the underlying error is
 * kept as its cause.
 */
export async function fetchTheme(
  client: AxiosInstance,
  options: { tlds?: boolean } = {},
): Promise<ThemeResponse> {
  let response;
  try {
    response = await client.get<{ data?: ThemeResponse }>('/api/theme', {
      params: options.tlds ? { tlds: 'true' } : undefined,
    });
  } catch (cause) {
    throw new Error(FETCH_THEME_ERROR, { cause });
  }
  const data = response.data?.data;
  if (response.status !== 200 || !data || typeof data !== 'object') {
    throw new Error(FETCH_THEME_ERROR);
  }
  return data;
}
