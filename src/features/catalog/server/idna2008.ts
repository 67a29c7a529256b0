/**
 * IDNA2008's code point rules (RFC 5892 and the CONTEXTO rules of its appendix A) for a U-label
 * that UTS #46 has already mapped. UTS #46 keeps emoji and other symbols "valid" (its NV8 status)
 * for compatibility with IDNA2003, so tr46 alone would sell 😀.com; registries follow IDNA2008,
 * which refuses them (docs/decisions/0141). The derivation is RFC 5892 section 3, in its order,
 * from the Unicode properties the JavaScript engine knows.
 */

type Category = 'PVALID' | 'CONTEXTJ' | 'CONTEXTO' | 'DISALLOWED' | 'UNASSIGNED';

/** RFC 5892 section 2.6 (F): code points whose category is fixed by hand. */
const EXCEPTIONS = new Map<number, Category>([
  [0x00df, 'PVALID'],
  [0x03c2, 'PVALID'],
  [0x06fd, 'PVALID'],
  [0x06fe, 'PVALID'],
  [0x0f0b, 'PVALID'],
  [0x3007, 'PVALID'],
  [0x00b7, 'CONTEXTO'],
  [0x0375, 'CONTEXTO'],
  [0x05f3, 'CONTEXTO'],
  [0x05f4, 'CONTEXTO'],
  [0x30fb, 'CONTEXTO'],
  ...Array.from({ length: 10 }, (_, i) => [0x0660 + i, 'CONTEXTO'] as [number, Category]),
  ...Array.from({ length: 10 }, (_, i) => [0x06f0 + i, 'CONTEXTO'] as [number, Category]),
  [0x0640, 'DISALLOWED'],
  [0x07fa, 'DISALLOWED'],
  [0x302e, 'DISALLOWED'],
  [0x302f, 'DISALLOWED'],
  [0x3031, 'DISALLOWED'],
  [0x3032, 'DISALLOWED'],
  [0x3033, 'DISALLOWED'],
  [0x3034, 'DISALLOWED'],
  [0x3035, 'DISALLOWED'],
  [0x303b, 'DISALLOWED'],
]);

const UNASSIGNED = /^\p{Cn}$/u;
const LDH = /^[a-z0-9-]$/;
const IGNORABLE = /^[\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Noncharacter_Code_Point}]$/u;
const LETTER_DIGIT = /^[\p{Ll}\p{Lu}\p{Lo}\p{Nd}\p{Lm}\p{Mn}\p{Mc}]$/u;

/** Combining marks for symbols, musical symbols, ancient Greek musical notation (D). */
const ignorableBlock = (cp: number) =>
  (cp >= 0x20d0 && cp <= 0x20ff) || (cp >= 0x1d100 && cp <= 0x1d24f);
/** Conjoining Hangul jamo (I): precomposed syllables are the letters. */
const oldHangulJamo = (cp: number) =>
  (cp >= 0x1100 && cp <= 0x11ff) ||
  (cp >= 0xa960 && cp <= 0xa97f) ||
  (cp >= 0xd7b0 && cp <= 0xd7ff);

/** The IDNA2008 category of one code point (RFC 5892 section 3). */
export function idna2008Category(char: string): Category {
  const cp = char.codePointAt(0)!;
  const fixed = EXCEPTIONS.get(cp);
  if (fixed) return fixed;
  if (UNASSIGNED.test(char)) return 'UNASSIGNED';
  if (LDH.test(char)) return 'PVALID';
  if (cp === 0x200c || cp === 0x200d) return 'CONTEXTJ';
  // Unstable (B): what NFKC case folding changes is not a code point of its own.
  if (char.normalize('NFKC').toLowerCase().normalize('NFKC') !== char) return 'DISALLOWED';
  if (IGNORABLE.test(char) || ignorableBlock(cp) || oldHangulJamo(cp)) return 'DISALLOWED';
  return LETTER_DIGIT.test(char) ? 'PVALID' : 'DISALLOWED';
}

const GREEK = /^\p{Script=Greek}$/u;
const HEBREW = /^\p{Script=Hebrew}$/u;
const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

/** The CONTEXTO rules (RFC 5892 appendix A.3 to A.9); joiners are tr46's (CheckJoiners). */
function contextHolds(chars: string[], i: number, label: string): boolean {
  const cp = chars[i]!.codePointAt(0)!;
  const before = chars[i - 1];
  const after = chars[i + 1];
  if (cp === 0x00b7) return before === 'l' && after === 'l';
  if (cp === 0x0375) return after !== undefined && GREEK.test(after);
  if (cp === 0x05f3 || cp === 0x05f4) return before !== undefined && HEBREW.test(before);
  if (cp === 0x30fb) return JAPANESE.test(label.replace(/\u30fb/g, ''));
  if (cp >= 0x0660 && cp <= 0x0669) return !/[\u06f0-\u06f9]/.test(label);
  if (cp >= 0x06f0 && cp <= 0x06f9) return !/[\u0660-\u0669]/.test(label);
  return true;
}

/** The first code point of a mapped U-label that IDNA2008 refuses, or null when it has none. */
export function idna2008Refused(label: string): string | null {
  const chars = [...label];
  for (let i = 0; i < chars.length; i++) {
    const category = idna2008Category(chars[i]!);
    if (category === 'PVALID' || category === 'CONTEXTJ') continue;
    if (category === 'CONTEXTO' && contextHolds(chars, i, label)) continue;
    return chars[i]!;
  }
  return null;
}
