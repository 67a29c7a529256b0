import { SIGNED_IN_COOKIE } from '@/lib/http/cookie-names';

/**
 * The visitor's VAT display choice (docs/contract/site-versions-and-vat.md): a cookie that scripts
 * can read.
 */
export const VAT_COOKIE = 'vat_display';
export type VatDisplay = 'inc' | 'ex';

/**
 * Runs in <head> before the body paints: applies the saved choice to <html data-vat>, so prices
 * render in the right form at first paint (default: excluding VAT), and marks <html
 * data-account="in"> when the browser was signed in on its last page (SIGNED_IN_COOKIE), so the
 * header shows the account's link, not "Sign in", until it knows who is signed in.
 */
export const BOOT_SCRIPT = `try{var c=document.cookie,d=document.documentElement.dataset,m=c.match(/(?:^|; )${VAT_COOKIE}=(inc|ex)(?:;|$)/);d.vat=m?m[1]:'ex';if(/(?:^|; )${SIGNED_IN_COOKIE}=1(?:;|$)/.test(c))d.account='in'}catch(e){}`;
