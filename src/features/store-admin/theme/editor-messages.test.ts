import { describe, expect, it } from 'vitest';
import { restoredNotice, restoreQuestion, uploadRefusalText } from './editor-messages';

describe('the theme editor’s words', () => {
  it('asks before a restore, saying that it goes live at once and replaces the draft', () => {
    const question = restoreQuestion(3);
    expect(question).toMatch(/^Restore version 3\? /);
    // What restoreThemeVersion does (docs/decisions/0167): published at once…
    expect(question).toContain('published at once');
    expect(question).toContain('shoppers see it now');
    // …and the draft replaced, with whatever it held that was not published.
    expect(question).toContain('replaces the draft');
    expect(question).toContain('not yet published are lost');
    expect(question).not.toMatch(/until you publish|draft only/i);
    expect(restoredNotice(3, 7)).toBe(
      'Version 3 is published again, as version 7: shoppers see it now, and it is the draft too.',
    );
  });

  it('says an upload’s refusal beside its field in a sentence', () => {
    const none = { error: null, code: null, fields: {} };
    expect(uploadRefusalText('logo', none)).toBeNull();
    expect(
      uploadRefusalText('logo', {
        error: 'The logo must be at most 512 KB; this file is 700 KB.',
        code: 'payload_too_large',
        fields: { content_base64: ['must be at most 512 KB; this file is 700 KB'] },
      }),
    ).toBe('The logo must be at most 512 KB; this file is 700 KB.');
    expect(
      uploadRefusalText('favicon', {
        error: 'The image was not accepted.',
        code: 'validation_failed',
        fields: { content_base64: ['must be base64'] },
      }),
    ).toBe('The favicon was not accepted: it must be base64.');
    // A refusal found in the browser has no code and no fields: its message is shown as it is.
    expect(
      uploadRefusalText('logo', {
        error: 'The logo must be at most 512 KB; this file is 700 KB.',
        code: null,
        fields: {},
      }),
    ).toBe('The logo must be at most 512 KB; this file is 700 KB.');
  });
});
