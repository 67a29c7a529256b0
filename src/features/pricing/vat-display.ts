/**
 * The visitor's VAT display choice (docs/contract/site-versions-and-vat.md): a cookie that scripts
 * can read.
 */
export const VAT_COOKIE = 'vat_display';
export type VatDisplay = 'inc' | 'ex';

/**
 * Runs in <head> before the body paints: applies the saved choice to <html data-vat>, so prices
 * render in the right form at first paint. Default: excluding VAT.
 */
export const VAT_BOOT_SCRIPT = `try{var m=document.cookie.match(/(?:^|; )${VAT_COOKIE}=(inc|ex)(?:;|$)/);document.documentElement.dataset.vat=m?m[1]:'ex'}catch(e){}`;
