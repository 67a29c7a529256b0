import { displayPhoneNumber } from '@/lib/phone-display';
import type { Store } from '@/features/tenancy/store-types';
import { supportAddressLines } from '@/features/tenancy/support-address';
import { storeLink } from './store-link';

/**
 * The address a store's mail comes from: its own `mailFrom`, or no-reply@ its configured domain,
 * so a reseller's customers never get mail from another brand (docs/decisions/0091).
 */
export function storeMailFrom(store: Store): string {
  return store.variables.mailFrom || `no-reply@${store.config.domain_name}`;
}

export type MailContent = {
  subject: string;
  /** Greeting line, e.g. "Hello Ada,". */
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A one-time code shown large. */
  code?: string;
  /** Closing note, e.g. why the reader got this mail. */
  footnote?: string;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function supportLines(store: Store): string[] {
  const v = store.variables;
  const address = supportAddressLines(v).join(', ');
  return [
    v.supportEmail && `E-mail: ${v.supportEmail}`,
    v.supportNumber && `Telephone: ${displayPhoneNumber(v.supportNumber)}`,
    address,
  ].filter((line): line is string => Boolean(line));
}

/**
 * A mail in the store's brand, as plain text and HTML: its name, logo, colours and support
 * details. Theme values are already restricted to safe forms (docs/decisions/0007); text is
 * escaped.
 */
export function brandedMail(
  store: Store,
  content: MailContent,
): {
  subject: string;
  text: string;
  html: string;
  fromName: string;
  fromAddress: string;
  replyTo?: string;
} {
  const name = store.config.store_name;
  const company = store.variables.companyName || name;
  const support = supportLines(store);
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [`Your code: ${content.code}`, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    '--',
    company,
    ...support,
  ].join('\n');

  const t = store.theme;
  const logo = t.logoSet.primary.startsWith('/')
    ? storeLink(store, t.logoSet.primary)
    : t.logoSet.primary;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:${t.surfaceColor};color:${t.textColor};font-family:Arial,Helvetica,sans-serif;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:${t.backgroundColor};border:1px solid ${t.borderColor};border-radius:${t.borderRadius}px;padding:24px">
<img src="${escapeHtml(logo)}" alt="${escapeHtml(t.logoSet.alt || name)}" width="${t.logoSet.width}" height="${t.logoSet.height}" style="display:block;margin-bottom:16px">
<p>${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${content.code ? `<p style="font-size:28px;letter-spacing:6px;font-weight:bold;color:${t.primaryColor}">${escapeHtml(content.code)}</p>` : ''}
${
  content.action
    ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;background:${t.primaryButtonColor};color:${t.primaryButtonTextColor};border-radius:${t.buttonBorderRadius}px;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:13px;color:${t.mutedTextColor}">Or open this address: ${escapeHtml(content.action.url)}</p>`
    : ''
}
${content.footnote ? `<p style="font-size:13px;color:${t.mutedTextColor}">${escapeHtml(content.footnote)}</p>` : ''}
<hr style="border:none;border-top:1px solid ${t.borderColor}">
<p style="font-size:13px;color:${t.mutedTextColor}">${[company, ...support].map(escapeHtml).join('<br>')}</p>
</div></body></html>`;
  return {
    subject: `${content.subject} - ${name}`,
    text,
    html,
    fromName: name,
    fromAddress: storeMailFrom(store),
    replyTo: store.variables.supportEmail || undefined,
  };
}
