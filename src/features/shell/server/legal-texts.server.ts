import 'server-only';
import { DAY_MS } from '@/lib/clock';
import { displayPhoneNumber } from '@/lib/phone-display';
import {
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  SIGNED_IN_COOKIE,
  SITE_VERSION_COOKIE,
  XSRF_COOKIE,
} from '@/lib/http/cookie-names';
import { VAT_COOKIE } from '@/features/pricing/vat-display';
import { REMEMBER_MS } from '@/features/session/server/session-service.server';
import { LEGAL_PAGES, type LegalPageKey } from '@/features/tenancy/legal-pages';
import { storeOrigin } from '@/features/tenancy/store-address';
import type { Supplier } from '@/features/orders/order-types';
import type { Store } from '@/features/tenancy/store-types';
import { supportAddressLines } from '@/features/tenancy/support-address';

/**
 * A store's terms, privacy notice and cookie notice (docs/decisions/0093):
 * its own text when it set one, else the product's default, which names the store, who runs it,
 * where, and how to reach them, and describes what this product actually keeps and sets.
 * `seller` is the company that sells and invoices the store's orders when it is not the store
 * (the platform, docs/decisions/0231 and 0309): the terms and the privacy notice name it.
 * The texts are in the plain format of legal-markup.ts.
 */
export function legalText(
  store: Store,
  page: LegalPageKey,
  seller: Supplier | null = null,
): string {
  const own = store.variables[LEGAL_PAGES[page].variable].trim();
  if (own) return own;
  const details = {
    ...detailsOf(store),
    seller: seller && sellerOf(seller),
    sellerName: seller?.legal_name ?? null,
  };
  return DEFAULTS[page](details, store);
}

type Details = {
  store: string;
  legalName: string;
  site: string;
  contact: string;
  who: string;
  /** The company that sells and invoices when it is not the store: "Name (numbers), address,". */
  seller: string | null;
  /** Its legal name: the contract is with it, under the law of its country. */
  sellerName: string | null;
};

/** Another company as the seller: its legal name, numbers and address. */
function sellerOf(s: Supplier): string {
  const registered = [
    s.company_number && `company number ${s.company_number}`,
    s.vat_number && `VAT number ${s.vat_number}`,
  ].filter(Boolean);
  const named = registered.length > 0 ? `${s.legal_name} (${registered.join(', ')})` : s.legal_name;
  return s.address.length > 0 ? `${named}, ${s.address.join(', ')},` : `${named},`;
}

/** Who the seller is, as every default text introduces it. */
function detailsOf(store: Store): Omit<Details, 'seller' | 'sellerName'> {
  const v = store.variables;
  const name = store.config.store_name;
  const legalName = v.legalName || v.companyName || name;
  const registered = [
    v.companyNumber && `company number ${v.companyNumber}`,
    v.vatNumber && `VAT number ${v.vatNumber}`,
  ].filter(Boolean);
  const site = storeOrigin(store);
  const address = supportAddressLines(v).join(', ');
  const channels = [
    v.supportEmail && `by e-mail at ${v.supportEmail}`,
    v.supportNumber && `by telephone on ${displayPhoneNumber(v.supportNumber)}`,
  ].filter(Boolean);
  const seller = registered.length > 0 ? `${legalName} (${registered.join(', ')})` : legalName;
  const who = legalName === name ? seller : `${name} is a trading name of ${seller}`;
  return {
    store: name,
    legalName,
    site,
    contact: channels.length > 0 ? channels.join(' or ') : `through ${site}`,
    who: address ? `${who}, ${address}.` : `${who}.`,
  };
}

const accountTerms = `## Your account
Keep your password to yourself: what is done with your account is your responsibility. People you invite into your account act for it.`;

const closingTerms = (d: Details) => `## Our responsibility
We are responsible for loss we cause that was foreseeable when you ordered. For business customers our responsibility is limited to what you paid us in the 12 months before the loss. Nothing here limits what the law does not allow to be limited.

## Complaints and law
Tell us first, ${d.contact}. These terms are governed by the law of the country where ${d.sellerName ?? d.legalName} is established.`;

/** Terms for what this store offers: a dashboard only, or numbers and plans, and domains if it prices any. */
function terms(d: Details, store: Store): string {
  const intro = `These terms apply when you use ${d.store} at ${d.site}`;
  if (store.config.dashboard_only) {
    return [
      `${intro}. ${d.who} You can reach us ${d.contact}.`,
      `## This site\nNothing is sold on this site: it is where ${d.store} customers sign in to their account.`,
      accountTerms,
      closingTerms(d),
    ].join('\n\n');
  }
  const domains = store.prices.length > 0;
  const offer = [
    domains && 'domain name registrations and transfers, paid by the year',
    'business phone numbers and call plans, paid by the month',
  ].filter(Boolean);
  return [
    `${intro} and when you buy from us. ${d.who} You can reach us ${d.contact}.${d.seller ? ` What you buy here is sold to you by ${d.seller} which runs this shop for ${d.store}: you pay it, your invoices name it as the supplier, and "we" in these terms includes it.` : ''}`,
    `## What we sell\nWe sell ${offer.join(', and ')}. Every price is shown before you buy: in pounds sterling with UK VAT, or in US dollars without VAT, as you choose.`,
    `${accountTerms} You need an account to buy.`,
    `## Prices and renewals\nYou pay the price shown when you place your order. What you buy renews at the renewal price shown at that time until you turn renewal off.`,
    `## When a service ends\n${domains ? 'A domain that is not renewed can still be renewed for 30 days after it expires, then restored at a restore price for 30 days more, and is then released. ' : ''}A number or plan whose renewal is not paid is suspended after 14 days and released after 30; a released number may go to someone else.`,
    `## Changing your mind\nIf you buy as a consumer you may cancel within 14 days of your order. If you asked us to start a service within that time, you pay for what was used${domains ? '; a registered domain cannot be unregistered' : ''}.`,
    closingTerms(d),
  ].join('\n\n');
}

const privacy = (
  d: Details,
) => `${d.who} We are responsible for the personal data ${d.store} handles. You can reach us ${d.contact}.

## What we keep and why
- Your account: your name, your e-mail address, a hash of your password (never the password itself) and your role in the account, to let you sign in and to send you what you ask for.
- A second sign-in step, if you turn one on: your phone number for codes by SMS, or your authenticator app's secret, kept encrypted.
- If you sign in with Google: the id Google gives your account, and the e-mail address Google confirmed.
- Your sessions: when each started and was last used, so that you stay signed in and can sign out everywhere.
- Your cart, and your choice to see prices with or without VAT.
- Sign-in attempts, with the network address they came from, to protect your account from guessing.
- Mail and text messages we send you, until they are delivered; then only who they went to and when.
- When you buy: your order, billing details and invoices, for as long as tax law requires (six years in the UK).

## Who else sees it
${d.seller ? `${d.seller} which sells what you buy here, sees your orders, billing details and payments. ` : ''}Our mail and text message providers, to deliver messages to you; the registry of a domain you register, which requires the registrant's details; and our payment provider, who handles your card: we never see or keep card numbers. We sell your data to no one.

## Your rights
You may ask for a copy of your data, have it corrected, have it deleted where we need not keep it, and object to how we use it. Ask us ${d.contact}. You may also complain to your data protection authority (in the UK, the Information Commissioner's Office).

## Cookies
Our cookie notice at ${d.site}${LEGAL_PAGES.cookies.path} lists the cookies we set.`;

function cookies(d: Details, store: Store): string {
  const v = store.variables;
  const days = REMEMBER_MS / DAY_MS;
  const optional = [
    v.gtmEnabled && v.gtmId
      ? `- Google Tag Manager (${v.gtmId}): loads the measurement tools ${d.store} chose, which may set cookies of their own to count visits.`
      : '',
    v.thirdPartyScriptEnabled && v.thirdPartyScriptUrl
      ? `- A script from ${new URL(v.thirdPartyScriptUrl).host}, which ${d.store} added, and which may set cookies of its own.`
      : '',
  ].filter(Boolean);
  return `${d.who} These are the cookies ${d.store} sets at ${d.site}. You can reach us ${d.contact}.

## Cookies the shop needs
- ${SESSION_COOKIE} (${SECURE_SESSION_COOKIE} over HTTPS): your session, which keeps your cart and, once you sign in, your sign-in. It ends when you close the browser, or after ${days} days if you chose to stay signed in. Scripts cannot read it.
- ${XSRF_COOKIE}: proves that a change to your account or cart comes from this site; it lasts as long as your session.
- ${SIGNED_IN_COOKIE}: set while you are signed in, so that the page header offers your account before it has asked who you are. It holds "1" and nothing about you, and ends with your sign-in: when you close the browser, or after ${days} days if you chose to stay signed in.

## Cookies that remember a choice
- ${SITE_VERSION_COOKIE}: the currency you chose, for a year.
- ${VAT_COOKIE}: whether you see prices with or without VAT, for a year.

## Other cookies
${optional.length > 0 ? optional.join('\n') : 'None: we set no advertising or tracking cookies.'}`;
}

const DEFAULTS: Record<LegalPageKey, (d: Details, store: Store) => string> = {
  terms,
  privacy,
  cookies,
};
