/**
 * Control characters in text a client sends (docs/decisions/0125). PostgreSQL refuses NUL in a
 * text value, so one that reached a write was a 500 after part of the work; the others are
 * never part of a name, an address or a setting, and would reach mails, invoices and logs. The
 * readers of bodies and query strings refuse them, so no schema needs to remember to.
 *
 * C0 controls, DEL and C1 controls, apart from tab, line feed and carriage return, which the
 * multi-line texts (a store's terms, its custom snippet) hold.
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const CONTROL_CHARACTERS = 'must not contain control characters';

export function hasControlCharacter(text: string): boolean {
  return CONTROL.test(text);
}

/**
 * Every string of a parsed JSON value (object keys too) that holds a control character, as the
 * `fields` of a 400 `validation_failed`: the dotted path to the message, `(body)` for the root.
 */
export function controlCharacterFields(value: unknown): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  const visit = (v: unknown, path: (string | number)[]): void => {
    if (typeof v === 'string') {
      if (hasControlCharacter(v))
        fields[path.length > 0 ? path.join('.') : '(body)'] = [CONTROL_CHARACTERS];
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => visit(item, [...path, i]));
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (hasControlCharacter(key)) fields[[...path, key].join('.')] = [CONTROL_CHARACTERS];
        else visit(item, [...path, key]);
      }
    }
  };
  visit(value, []);
  return fields;
}
