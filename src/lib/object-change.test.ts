import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applyChange, changeSchemaOf } from './object-change';

const logo = z.object({ primary: z.string().default('/logo.svg'), alt: z.string().default('') });
const theme = z.object({
  primaryColor: z.string().default('#000000'),
  radius: z.number().default(4),
  logoSet: logo.default(logo.parse({})),
  fonts: z.array(z.string()).default([]),
});

describe('a change to a stored object', () => {
  it('names only what it changes: no defaults are filled in for the rest', () => {
    const change = changeSchemaOf(theme).parse({ logoSet: { alt: 'Acme' } });
    expect(change).toEqual({ logoSet: { alt: 'Acme' } });
  });

  it('refuses unknown fields, also in nested objects', () => {
    expect(changeSchemaOf(theme).safeParse({ colour: 'red' }).success).toBe(false);
    expect(changeSchemaOf(theme).safeParse({ logoSet: { big: true } }).success).toBe(false);
  });

  it('still checks the values it names', () => {
    expect(changeSchemaOf(theme).safeParse({ radius: 'round' }).success).toBe(false);
  });

  it('keeps every stored setting it does not name, merging nested objects and replacing arrays', () => {
    const stored = {
      primaryColor: '#112233',
      radius: 8,
      logoSet: { primary: '/brands/acme.svg', alt: 'Old' },
      fonts: ['Inter', 'Roboto'],
    };
    expect(applyChange(stored, { logoSet: { alt: 'New' }, fonts: ['Inter'] })).toEqual({
      primaryColor: '#112233',
      radius: 8,
      logoSet: { primary: '/brands/acme.svg', alt: 'New' },
      fonts: ['Inter'],
    });
    expect(stored.logoSet.alt).toBe('Old');
  });
});
