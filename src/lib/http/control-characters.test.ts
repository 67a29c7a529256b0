import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS, controlCharacterFields } from './control-characters';

describe('controlCharacterFields', () => {
  it('names every string with a control character by its dotted path, keys included', () => {
    const body = {
      name: 'Grace\u0000',
      address: { lines: ['ok', 'bad\u001b'] },
      ['k\u0007ey']: 'fine',
      nested: [{ city: 'x\u0085' }],
    };
    expect(controlCharacterFields(body)).toEqual({
      name: [CONTROL_CHARACTERS],
      'address.lines.1': [CONTROL_CHARACTERS],
      'k\u0007ey': [CONTROL_CHARACTERS],
      'nested.0.city': [CONTROL_CHARACTERS],
    });
    expect(controlCharacterFields('\u007f')).toEqual({ '(body)': [CONTROL_CHARACTERS] });
  });

  it('lets tab, line breaks and every printable character through', () => {
    const body = {
      terms: '## Terms\r\n\nPara\tgraph',
      name: 'Zoë Ørsted 😀 “quoted” \u00a0 \u2028',
      n: 1,
      none: null,
    };
    expect(controlCharacterFields(body)).toEqual({});
  });

  it('walks a value nested far deeper than any body without recursion', () => {
    const depth = 100_000;
    const deep = JSON.parse(`${'['.repeat(depth)}"x\\u0000"${']'.repeat(depth)}`);
    const fields = controlCharacterFields(deep);
    expect(Object.values(fields)).toEqual([[CONTROL_CHARACTERS]]);
    expect(Object.keys(fields)[0]).toBe(Array.from({ length: depth }, () => '0').join('.'));
  });
});
