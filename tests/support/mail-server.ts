import { SMTPServer } from 'smtp-server';

/** A mail as the receiving side sees it, decoded. */
export type ReceivedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
};

function decodePart(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? '7bit').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function splitHead(part: string): { headers: Record<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodePart(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** Decodes a MIME message enough to read its text and HTML parts. */
export function parseMail(raw: string): Omit<ReceivedMail, 'to'> {
  const { headers, body } = splitHead(raw);
  let text = '';
  let html = '';
  const walk = (h: Record<string, string>, b: string) => {
    const type = h['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const piece of b.split(`--${boundary}`).slice(1)) {
        if (piece.startsWith('--')) break;
        const sub = splitHead(piece.replace(/^\r?\n/, ''));
        walk(sub.headers, sub.body);
      }
    } else if (/^text\/html/i.test(type)) {
      html += decodePart(b, h['content-transfer-encoding']);
    } else if (/^text\/plain/i.test(type)) {
      text += decodePart(b, h['content-transfer-encoding']);
    }
  };
  walk(headers, body);
  return {
    from: decodeHeader(headers.from ?? ''),
    subject: decodeHeader(headers.subject ?? ''),
    text,
    html,
    raw,
  };
}

/** An SMTP answer that refuses a message: 4xx says "try later", 5xx "never". */
export type Refusal = { code: number; message: string };

/**
 * A real SMTP server on a free local port that keeps what it receives, for tests that check
 * what a customer's mailbox would get. `refuse` may turn a message away (called for each one,
 * with how many were offered before it); a refused message is not kept.
 */
export async function startMailServer(
  port = 0,
  options: { refuse?: (offered: number) => Refusal | null } = {},
) {
  const received: ReceivedMail[] = [];
  let offered = 0;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const refusal = options.refuse?.(offered++);
        if (refusal) {
          callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          return;
        }
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        received.push({ to, ...parseMail(Buffer.concat(chunks).toString('utf8')) });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as { port: number }).port;

  return {
    url: `smtp://127.0.0.1:${bound}`,
    received,
    /** The first mail to `to` matching `match`, waiting up to 5 s for it. */
    async waitFor(
      to: string,
      match: (m: ReceivedMail) => boolean = () => true,
    ): Promise<ReceivedMail> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const found = received.find((m) => m.to.includes(to.toLowerCase()) && match(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within 5 s`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    /** Mails received for an address so far. */
    to(address: string): ReceivedMail[] {
      return received.filter((m) => m.to.includes(address.toLowerCase()));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailServer = Awaited<ReturnType<typeof startMailServer>>;

/** The first link in a mail's text whose path starts with `path`. */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const match = mail.text
    .match(/https?:\/\/[^\s]+/g)
    ?.map((u) => new URL(u))
    .find((u) => u.pathname.startsWith(path));
  if (!match) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return match;
}
