import { describe, expect, it } from 'vitest';
import {
  decodeNumbersSegment,
  decodeSearchSegment,
  numbersSegmentOf,
  domainSearchTag,
  encodeSearchSegment,
  SEARCH_QUERY_MAX,
  searchQueryOf,
} from './search-address';

describe('search addresses', () => {
  it.each([
    'example',
    'example.com',
    'café.com',
    'a/b%2F..',
    '例え.テスト',
    'x'.repeat(SEARCH_QUERY_MAX),
  ])('turns the query %s into one path segment and back', (query) => {
    const segment = encodeSearchSegment(query);
    expect(segment).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSearchSegment(segment)).toBe(query);
  });

  it('trims and bounds the query a page is for', () => {
    expect(searchQueryOf('  example.com ')).toBe('example.com');
    expect(searchQueryOf(null)).toBe('');
    expect(searchQueryOf('y'.repeat(400))).toHaveLength(SEARCH_QUERY_MAX);
  });

  it.each(['', 'not base64!', '%2F', 'IGV4YW1wbGUg' /* " example " */, '_w', 'ZXhhbXBsZQ=='])(
    'refuses the segment %j, which it did not write',
    (segment) => {
      expect(decodeSearchSegment(segment)).toBeNull();
    },
  );

  it('turns a number search into one path segment and back, and refuses segments it did not write', () => {
    const segment = (area: string, contains: string) =>
      numbersSegmentOf(new URLSearchParams({ area, contains }));
    expect(decodeNumbersSegment(segment('020', '')!)).toEqual({ area: '020', contains: '' });
    expect(decodeNumbersSegment(segment(' 1x ', '77')!)).toEqual({ area: '1x', contains: '77' });
    expect(segment('', ' ')).toBeNull();
    for (const text of ['["020"]', '["",""]', '[" 020",""]', '[1,2]', '{}', 'not json'])
      expect(decodeNumbersSegment(encodeSearchSegment(text))).toBeNull();
  });

  it('tags a search page by the names it lists, in lower case', () => {
    expect(domainSearchTag('Example')).toBe('domain-search:example');
  });
});
