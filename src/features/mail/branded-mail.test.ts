import { describe, expect, it } from 'vitest';
import { BUILT_IN_BRANDS } from '@/features/tenancy/brands';
import { storeFromBrand } from '@/features/tenancy/resolve-store';
import { brandedMail } from './branded-mail';

const store = storeFromBrand(BUILT_IN_BRANDS.nameport, []);

describe('brandedMail', () => {
  it('carries the store name, logo, colours and support details in text and HTML', () => {
    const mail = brandedMail(store, {
      subject: 'Reset your password',
      greeting: 'Hello Ada,',
      paragraphs: ['Open the link.'],
      action: {
        label: 'Choose a new password',
        url: 'https://nameport.example/reset-password?token=abc',
      },
    });
    expect(mail.subject).toBe('Reset your password - Nameport');
    expect(mail.fromName).toBe('Nameport');
    expect(mail.fromAddress).toBe('no-reply@nameport.example');
    expect(mail.text).toContain(
      'Choose a new password: https://nameport.example/reset-password?token=abc',
    );
    expect(mail.html).toContain(store.theme.primaryButtonColor);
    expect(mail.html).toContain(store.theme.logoSet.primary);
    expect(mail.text).toContain('E-mail: support@nameport.example');
    expect(mail.text).toContain('Telephone: 020 7946 0000');
    expect(mail.replyTo).toBe('support@nameport.example');
  });

  it('escapes text, so a name cannot inject markup', () => {
    const mail = brandedMail(store, {
      subject: 'Hi',
      greeting: 'Hello <script>alert(1)</script>,',
      paragraphs: ['"quoted" & <b>bold</b>'],
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>bold</b>');
    expect(mail.html).toContain('&#60;script&#62;');
  });
});
