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
 * Walked with a stack of its own, not by recursion: a body of brackets nested thousands deep must
 * not take the server's call stack or, through copies of the path, its heap.
 */
export function controlCharacterFields(value: unknown): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  const flag = (path: string) => {
    fields[path === '' ? '(body)' : path] = [CONTROL_CHARACTERS];
  };
  const under = (path: string, key: string | number) => (path === '' ? `${key}` : `${path}.${key}`);
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (hasControlCharacter(v)) flag(path);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], under(path, i)]);
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v).reverse()) {
        if (hasControlCharacter(key)) flag(under(path, key));
        else stack.push([item, under(path, key)]);
      }
    }
  }
  return fields;
}

/**
 * Text of one line (a name, an address line, a city): no tab or line break, which the control
 * rule lets through for multi-line texts, and no bidirectional override or isolate, which can
 * make a name read backwards on an invoice or in a mail.
 */
export const ONE_LINE = /^[^\t\r\n\u2028\u2029\u202a-\u202e\u2066-\u2069]*$/;

export const ONE_LINE_MESSAGE = 'must be one line, without line breaks or direction marks';
