import { describe, expect, it } from 'vitest';
import { hostOfRequest, normaliseHost } from '@/lib/http/host';
import { matchHost } from './host';

const groups = {
  nameport: ['nameport.example', 'preview.nameport.example', 'nameport.localhost', 'localhost'],
  callwave: ['callwave.example', 'preview.callwave.example', 'callwave.localhost'],
};

describe('host names', () => {
  it('normalises case, port and a trailing dot', () => {
    expect(normaliseHost('Acme.LOCALHOST:3000')).toBe('acme.localhost');
    expect(normaliseHost('nameport.example.')).toBe('nameport.example');
  });

  it('refuses what is not a host name', () => {
    for (const bad of [
      '',
      null,
      'a..b',
      '-a.example',
      'a-.example',
      'a b',
      'host:99999',
      'host:port',
      '[::1]:3000',
      'a/b',
      'x'.repeat(64) + '.example',
      `${'a.'.repeat(130)}example`,
      'évil.example',
    ]) {
      expect(normaliseHost(bad)).toBeNull();
    }
  });

  it('keeps single-label known hosts out of rule 3', () => {
    expect(matchHost('acme.localhost', groups)).toEqual({ kind: 'lookup', host: 'acme.localhost' });
    expect(matchHost('localhost', groups)).toMatchObject({ kind: 'built-in', brand: 'nameport' });
  });

  it('normalises only one extra label', () => {
    expect(matchHost('a.b.nameport.example', groups)).toEqual({
      kind: 'lookup',
      host: 'a.b.nameport.example',
    });
  });
});

describe('host override', () => {
  const secret = 'an-override-secret-of-32-chars!!';
  const headers = (extra: Record<string, string>) =>
    new Headers({ host: 'nameport.localhost', ...extra });

  it('takes x-forwarded-host when x-host-secret matches', () => {
    expect(
      hostOfRequest(
        headers({ 'x-host-secret': secret, 'x-forwarded-host': 'Acme.localhost:443' }),
        secret,
      ),
    ).toEqual({ ok: true, host: 'acme.localhost', overridden: true });
  });

  it('ignores the forwarded host with a wrong secret', () => {
    expect(
      hostOfRequest(
        headers({ 'x-host-secret': `${secret}x`, 'x-forwarded-host': 'acme.localhost' }),
        secret,
      ),
    ).toEqual({ ok: true, host: 'nameport.localhost', overridden: false });
  });

  it('ignores the forwarded host without a secret', () => {
    expect(hostOfRequest(headers({ 'x-forwarded-host': 'acme.localhost' }), secret)).toEqual({
      ok: true,
      host: 'nameport.localhost',
      overridden: false,
    });
  });

  it('is disabled when no secret is configured, even for an empty secret header', () => {
    expect(
      hostOfRequest(
        headers({ 'x-host-secret': '', 'x-forwarded-host': 'acme.localhost' }),
        undefined,
      ),
    ).toEqual({ ok: true, host: 'nameport.localhost', overridden: false });
  });

  it('refuses a forwarded host that is not a host name', () => {
    expect(
      hostOfRequest(headers({ 'x-host-secret': secret, 'x-forwarded-host': 'a..b' }), secret),
    ).toEqual({ ok: false });
  });
});
