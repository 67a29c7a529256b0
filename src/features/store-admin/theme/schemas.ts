import { z } from 'zod';
import { fileSize } from '@/lib/file-size';
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

/** The limit as people say it: "512 KB". */
export const MAX_ASSET_SIZE = fileSize(MAX_ASSET_BYTES, 'down');

/**
 * Why an image too large is refused, in the units people use, the same in the editor (which
 * checks before sending) and in the call's answer: "The logo must be at most 512 KB; this file is
 * 700 KB." `bytes` is the file's size, or null where it is not known (a body sent in chunks).
 */
export function imageTooLargeMessage(
  what: 'logo' | 'favicon' | 'image',
  bytes: number | null,
): string {
  const limit = `The ${what} must be at most ${MAX_ASSET_SIZE}`;
  return bytes === null ? `${limit}.` : `${limit}; this file is ${fileSize(bytes)}.`;
}

/** The same beside the field: "must be at most 512 KB; this file is 700 KB". */
export function imageTooLargeField(bytes: number | null): string {
  const limit = `must be at most ${MAX_ASSET_SIZE}`;
  return bytes === null ? limit : `${limit}; this file is ${fileSize(bytes)}`;
}

/** `POST /api/store-admin/assets`: an image as base64 (the product's calls speak JSON). */
export const assetUploadSchema = z.strictObject({
  purpose: z.enum(['logo', 'favicon'], { error: 'must be logo or favicon' }),
  content_base64: z
    .string({ error: 'is required' })
    .min(1, 'is empty')
    // 512 KB as base64, with its padding.
    .max(Math.ceil(MAX_ASSET_BYTES / 3) * 4, imageTooLargeField(null))
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64'),
});
export type AssetUpload = z.infer<typeof assetUploadSchema>;

/** The JSON body limit of an upload: the base64 text and a little room. */
export const ASSET_BODY_BYTES = Math.ceil(MAX_ASSET_BYTES / 3) * 4 + 1024;

/** What an upload's body holds besides the base64 text, at the most (a favicon's, unspaced). */
const UPLOAD_WRAPPER_BYTES = JSON.stringify({ purpose: 'favicon', content_base64: '' }).length;

/**
 * The size of the image in an upload's body of `bodyBytes` (its Content-Length), for a refusal
 * that says it: base64 carries 3 bytes in 4 characters, less up to 2 of padding (counted as 2, so
 * the size is never overstated). Null when the length is not known.
 */
export function imageBytesOfBody(bodyBytes: number | null): number | null {
  if (bodyBytes === null || !Number.isFinite(bodyBytes) || bodyBytes <= 0) return null;
  return Math.max(0, Math.floor(((bodyBytes - UPLOAD_WRAPPER_BYTES) * 3) / 4) - 2);
}

/** A version's id in a path. */
export const versionIdSchema = z.uuid({ error: 'is not a version id' });
