import { describe, expect, it } from 'vitest';
import { can, ROLES } from '@/features/access/roles';
import { CANNOT_BUY, canBuy, signedInCannotBuy } from './buying-role';

describe('who may fill a cart (docs/decisions/0327)', () => {
  it('is decided by the billing.manage permission of the role matrix, not by role names', () => {
    for (const role of ROLES) expect(canBuy(role)).toBe(can(role, 'billing.manage'));
    expect(ROLES.filter(canBuy)).toEqual(['owner', 'admin', 'billing']);
  });

  it('names the roles that may buy, as a customer reads them', () => {
    expect(CANNOT_BUY).toBe(
      'Your role cannot buy or pay for this account. Ask someone with the Owner, Admin or Billing role.',
    );
  });

  it('holds back the add buttons of a member who cannot buy, not a visitor’s (decision 0332)', () => {
    expect(signedInCannotBuy(null)).toBe(false);
    expect(signedInCannotBuy(undefined)).toBe(false);
    expect(signedInCannotBuy({ role: 'technical' })).toBe(true);
    expect(signedInCannotBuy({ role: 'member' })).toBe(true);
    expect(signedInCannotBuy({ role: 'billing' })).toBe(false);
    expect(signedInCannotBuy({ role: 'owner' })).toBe(false);
  });
});
