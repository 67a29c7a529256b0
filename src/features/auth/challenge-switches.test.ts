import { describe, expect, it } from 'vitest';
import { otherMethods } from './challenge-switches';

describe('otherMethods', () => {
  const state = { method: 'totp' as const, methods: ['totp', 'email', 'passkey'] as const };

  it('offers the others, and a new code of a sent one', () => {
    expect(otherMethods({ ...state, methods: [...state.methods] }, null)).toEqual([
      'email',
      'passkey',
    ]);
    expect(otherMethods({ method: 'email', methods: ['totp', 'email'] }, '/checkout')).toEqual([
      'totp',
      'email',
    ]);
  });

  it('offers no code by e-mail on the way to the admin, which would not take it', () => {
    for (const next of ['/admin', '/admin/theme', '/admin?tab=1']) {
      expect(otherMethods({ ...state, methods: [...state.methods] }, next), next).toEqual([
        'passkey',
      ]);
    }
    expect(otherMethods({ ...state, methods: [...state.methods] }, '/administrator')).toEqual([
      'email',
      'passkey',
    ]);
  });
});
