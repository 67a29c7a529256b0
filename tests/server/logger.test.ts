import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { logger, setLogDestination } from '@/lib/logger';

const lines: Record<string, unknown>[] = [];
let restore: () => void;
const level = logger.level;

beforeEach(() => {
  lines.splice(0);
  restore = setLogDestination({ write: (line: string) => void lines.push(JSON.parse(line)) });
  logger.level = 'info';
});
afterEach(() => {
  logger.level = level;
  restore();
});

describe('the application logger', () => {
  it('writes to the destination it is given, and back to the previous one after', () => {
    logger.info({ event: 'one' }, 'first');
    restore();
    const others: string[] = [];
    const back = setLogDestination({ write: (line: string) => void others.push(line) });
    logger.info({ event: 'two' }, 'second');
    back();
    restore = setLogDestination({ write: () => {} });
    expect(lines).toEqual([expect.objectContaining({ event: 'one', msg: 'first', level: 30 })]);
    expect(others.map((l) => JSON.parse(l).event)).toEqual(['two']);
  });
});
