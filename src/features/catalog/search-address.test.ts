import { describe, expect, it } from 'vitest';
import {
  decodeSearchSegment,
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

  it('tags a search page by the names it lists, in lower case', () => {
    expect(domainSearchTag('Example')).toBe('domain-search:example');
  });
});
