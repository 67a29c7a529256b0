/** One block of a store's legal text. */
export type LegalBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] };

/**
 * Reads a legal text written as plain text: blank lines separate blocks, a block starting with
 * `## ` is a heading, a block whose lines all start with `- ` is a list, anything else a
 * paragraph (its lines joined). No HTML: a store's text is shown as text, never as markup.
 */
export function parseLegalText(text: string): LegalBlock[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0)
    .flatMap((lines): LegalBlock[] => {
      if (!lines[0]!.startsWith('## ')) return [blockOf(lines)];
      const [heading, ...rest] = lines;
      const title: LegalBlock = { kind: 'heading', text: heading!.slice(3).trim() };
      return rest.length > 0 ? [title, blockOf(rest)] : [title];
    });
}

function blockOf(lines: string[]): LegalBlock {
  return lines.every((line) => line.startsWith('- '))
    ? { kind: 'list', items: lines.map((line) => line.slice(2).trim()) }
    : { kind: 'paragraph', text: lines.join(' ') };
}
