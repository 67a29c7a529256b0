import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_SECTIONS, staffCan } from '../roles';

// pageSection's answers to each refusal of staffOf (decision 0329), with the request and the
// staff lookup stood in for: the rules themselves are staff.server's, tried by the matrix test.
const staffOf = vi.fn();
vi.mock('./staff.server', () => ({ staffOf: (...args: unknown[]) => staffOf(...args) }));
vi.mock('@/lib/http/page-request-input', () => ({ pageRequestInput: async () => ({}) }));
vi.mock('@/features/session/server/request-context.server', () => ({
  requestContext: async () => ({ store: { key: 'store' } }),
}));
vi.mock('next/navigation', () => ({
  notFound: () => {
    throw new Error('404');
  },
  redirect: (to: string) => {
    throw new Error(`redirect ${to}`);
  },
}));

const { pageSection } = await import('./page-staff.server');
const member = { staff: { staff: { role: 'store_staff' } } };

beforeEach(() => staffOf.mockReset());

describe('an owners’ section of the admin (decision 0329)', () => {
  it('opens for a role that may use it', async () => {
    staffOf.mockResolvedValue(member);
    expect(await pageSection('hosts.read', '/admin/hosts')).toEqual({
      staff: member.staff,
      allowed: true,
    });
  });

  it('tells a member of staff it is for the owners, rather than that it does not exist', async () => {
    staffOf.mockResolvedValueOnce({ refusal: 'forbidden' }).mockResolvedValueOnce(member);
    expect(await pageSection('hosts.read', '/admin/hosts')).toEqual({
      staff: member.staff,
      allowed: false,
    });
    // The second look is for staff of any role: no permission asked.
    expect(staffOf.mock.calls[1]).toHaveLength(1);
  });

  it('is still the 404 to anyone who is not staff, and sends a visitor to sign in', async () => {
    staffOf.mockResolvedValue({ refusal: 'not_staff' });
    await expect(pageSection('hosts.read', '/admin/hosts')).rejects.toThrow('404');
    staffOf.mockResolvedValue({ refusal: 'not_signed_in' });
    await expect(pageSection('staff.manage', '/admin/staff')).rejects.toThrow(
      'redirect /login?next=%2Fadmin%2Fstaff',
    );
    staffOf.mockResolvedValue({ refusal: 'second_factor_required' });
    await expect(pageSection('dns.templates', '/admin/dns')).rejects.toThrow(
      'redirect /admin/second-factor',
    );
  });

  it('is how every owners’ section opens, so that staff are told rather than shown a 404', () => {
    const owners = ADMIN_SECTIONS.filter((s) => !staffCan('store_staff', s.permission));
    expect(owners.map((s) => s.href)).toContain('/admin/hosts');
    for (const section of owners) {
      const file = join(import.meta.dirname, '../../../app/[host]/[sv]', section.href, 'page.tsx');
      const source = readFileSync(file, 'utf8');
      expect(source, file).toContain(`pageSection('${section.permission}', '${section.href}')`);
      expect(source, file).toContain('<OwnersOnly');
    }
  });
});
