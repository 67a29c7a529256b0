import { describe, expect, it } from 'vitest';
import { parseLegalText } from './legal-markup';

describe("a store's legal text", () => {
  it('reads headings, paragraphs and lists from plain text', () => {
    const text = [
      'Who we are: Acme Voice Ltd.',
      '',
      '## What we keep',
      'Your name',
      'and your e-mail address.',
      '',
      '- your cart',
      '- your VAT choice',
      '',
      '',
      'Last paragraph.',
    ].join('\r\n');
    expect(parseLegalText(text)).toEqual([
      { kind: 'paragraph', text: 'Who we are: Acme Voice Ltd.' },
      { kind: 'heading', text: 'What we keep' },
      { kind: 'paragraph', text: 'Your name and your e-mail address.' },
      { kind: 'list', items: ['your cart', 'your VAT choice'] },
      { kind: 'paragraph', text: 'Last paragraph.' },
    ]);
  });

  it('reads a heading with its list in one block', () => {
    expect(
      parseLegalText('## Cookies\n- sid: your session\n- vat_display: your VAT choice'),
    ).toEqual([
      { kind: 'heading', text: 'Cookies' },
      { kind: 'list', items: ['sid: your session', 'vat_display: your VAT choice'] },
    ]);
  });

  it('keeps markup as text, to be escaped when shown', () => {
    expect(parseLegalText('<script>alert(1)</script>')).toEqual([
      { kind: 'paragraph', text: '<script>alert(1)</script>' },
    ]);
  });

  it('has nothing to show for an empty text', () => {
    expect(parseLegalText('  \n\n ')).toEqual([]);
  });
});
