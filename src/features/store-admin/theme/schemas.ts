import { z } from 'zod';
import { changeSchemaOf } from '@/lib/object-change';
import { themeSchema } from '@/features/theme/schema';
import { variablesSchema } from '@/features/tenancy/variables-schema';

/**
 * Payloads of the theme editor, shared by the routes, the editor and the tests. Browser code may
 * import this file.
 */

/**
 * `PUT /api/store-admin/theme/draft`: the whole draft. Every setting may be named (unknown ones
 * are refused); a setting left out takes its default, as in a stored theme.
 */
export const themeDraftSchema = z.strictObject({
  theme: changeSchemaOf(themeSchema),
  variables: changeSchemaOf(variablesSchema),
});
export type ThemeDraftInput = z.infer<typeof themeDraftSchema>;

/** Largest image the store may upload (issue 26, point 3). */
export const MAX_ASSET_BYTES = 512 * 1024;

/** `POST /api/store-admin/assets`: an image as base64 (the product's calls speak JSON). */
export const assetUploadSchema = z.strictObject({
  purpose: z.enum(['logo', 'favicon'], { error: 'must be logo or favicon' }),
  content_base64: z
    .string({ error: 'is required' })
    .min(1, 'is empty')
    // 512 KB as base64, with its padding.
    .max(Math.ceil(MAX_ASSET_BYTES / 3) * 4, `must be at most ${MAX_ASSET_BYTES} bytes`)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64'),
});
export type AssetUpload = z.infer<typeof assetUploadSchema>;

/** The JSON body limit of an upload: the base64 text and a little room. */
export const ASSET_BODY_BYTES = Math.ceil(MAX_ASSET_BYTES / 3) * 4 + 1024;

/** A version's id in a path. */
export const versionIdSchema = z.uuid({ error: 'is not a version id' });
