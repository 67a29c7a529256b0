import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './read-json';

const nested = (depth: number, open = '[', close = ']') =>
  JSON.parse(`${open.repeat(depth)}${close.repeat(depth)}`) as unknown;

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not the values in them', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({ a: [1, { b: 'c' }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: 'c' }] }, 2)).toBe(true);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
  });

  it('answers for a value nested a hundred thousand deep without recursion', () => {
    expect(nestsDeeperThan(nested(100_000), MAX_JSON_DEPTH)).toBe(true);
    const objects = JSON.parse(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`) as unknown;
    expect(nestsDeeperThan(objects, MAX_JSON_DEPTH)).toBe(true);
  });
});
