import { describe, expect, it } from 'vitest';
import { fileSize } from './file-size';

describe('fileSize', () => {
  it('says a size in KB or MB, never in a long run of bytes', () => {
    expect(fileSize(512 * 1024, 'down')).toBe('512 KB');
    expect(fileSize(700 * 1024)).toBe('700 KB');
    expect(fileSize(700_076)).toBe('684 KB');
    expect(fileSize(1.4 * 1024 * 1024)).toBe('1.4 MB');
    expect(fileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(fileSize(12_345_678_901)).toBe('11,773.8 MB');
    expect(fileSize(64)).toBe('64 bytes');
    expect(fileSize(1)).toBe('1 byte');
  });

  it('never shows a file over a limit as the limit itself', () => {
    const limit = 512 * 1024;
    expect(fileSize(limit + 1)).toBe('513 KB');
    expect(fileSize(limit + 1)).not.toBe(fileSize(limit, 'down'));
    // Just under a megabyte, rounded up, is a megabyte, not "1024 KB".
    expect(fileSize(1024 * 1024 - 1)).toBe('1 MB');
    expect(fileSize(1024 * 1024 + 1)).toBe('1.1 MB');
  });

  it('never overstates a limit', () => {
    expect(fileSize(512 * 1024 + 1000, 'down')).toBe('512 KB');
    expect(fileSize(1024 * 1024 - 1, 'down')).toBe('1023 KB');
    expect(fileSize(1.99 * 1024 * 1024, 'down')).toBe('1.9 MB');
  });
});
