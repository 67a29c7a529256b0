import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { snippetPolicy, snippetResponse, snippetScriptHashes } from './snippet-document.server';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe("a store's custom snippet as a document of its own", () => {
  const snippet =
    '<p>Hi</p><script>track("a")</script><SCRIPT type="text/javascript">track("b")</SCRIPT >' +
    '<script src="https://widgets.example/x.js"></script><script>track("a")</script>';

  it('runs its inline scripts by hash and its scripts from https origins, nothing inline else', () => {
    expect(snippetScriptHashes(snippet)).toEqual([hashOf('track("a")'), hashOf('track("b")')]);
    const policy = snippetPolicy(snippet);
    expect(policy).toContain(`script-src https: ${hashOf('track("a")')} ${hashOf('track("b")')};`);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(policy).toContain('sandbox allow-scripts allow-popups');
    expect(policy).toContain("frame-ancestors 'self'");
  });

  it('is answered as HTML with its policy', async () => {
    const response = snippetResponse(snippet);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(snippetPolicy(snippet));
    expect(await response.text()).toContain(`<body>${snippet}</body>`);
  });
});
