import { describe, expect, it } from 'vitest';
import { fileSize } from '@/lib/file-size';
import {
  assetUploadSchema,
  imageBytesOfBody,
  imageTooLargeField,
  imageTooLargeMessage,
  MAX_ASSET_BYTES,
  MAX_ASSET_SIZE,
} from './schemas';

describe('an image too large', () => {
  it('is said in KB from the limit itself, with the file’s size', () => {
    expect(MAX_ASSET_SIZE).toBe(fileSize(MAX_ASSET_BYTES, 'down'));
    expect(MAX_ASSET_SIZE).toBe('512 KB');
    expect(imageTooLargeMessage('logo', 700 * 1024)).toBe(
      'The logo must be at most 512 KB; this file is 700 KB.',
    );
    expect(imageTooLargeMessage('favicon', 3.2 * 1024 * 1024)).toBe(
      'The favicon must be at most 512 KB; this file is 3.2 MB.',
    );
    expect(imageTooLargeMessage('image', null)).toBe('The image must be at most 512 KB.');
    expect(imageTooLargeField(MAX_ASSET_BYTES + 1)).toBe(
      'must be at most 512 KB; this file is 513 KB',
    );
    // Never the byte counts the walk found ("at most 700076 bytes").
    for (const bytes of [MAX_ASSET_BYTES + 1, 700_076, 716_800, null]) {
      expect(imageTooLargeMessage('logo', bytes)).not.toMatch(/\d{4,}|bytes/);
    }
  });

  it('is refused by the schema in the same words when its base64 is over the limit', () => {
    const over = 'A'.repeat(Math.ceil(MAX_ASSET_BYTES / 3) * 4 + 4);
    const result = assetUploadSchema.safeParse({ purpose: 'logo', content_base64: over });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toContain('must be at most 512 KB');
  });

  it('is measured from the body’s length close enough to say its KB, never more', () => {
    for (const bytes of [MAX_ASSET_BYTES + 1, 600 * 1024, 700 * 1024, 700 * 1024 + 1, 2_000_000]) {
      for (const purpose of ['logo', 'favicon']) {
        const body = JSON.stringify({
          purpose,
          content_base64: Buffer.alloc(bytes, 1).toString('base64'),
        });
        const estimate = imageBytesOfBody(Buffer.byteLength(body))!;
        expect(estimate).toBeLessThanOrEqual(bytes);
        expect(bytes - estimate).toBeLessThanOrEqual(5);
      }
    }
    // A file of exactly 700 KB reads as 700 KB, from its body alone.
    const body = JSON.stringify({
      purpose: 'logo',
      content_base64: Buffer.alloc(700 * 1024).toString('base64'),
    });
    expect(fileSize(imageBytesOfBody(body.length)!)).toBe('700 KB');
    expect(imageBytesOfBody(null)).toBeNull();
    expect(imageBytesOfBody(Number.NaN)).toBeNull();
    expect(imageBytesOfBody(0)).toBeNull();
  });
});
