import localFont from 'next/font/local';

/**
 * The font families a theme may choose, from npm packages (never a CDN). None is preloaded, since
 * each store uses at most two; `display: optional` means a late font is simply not swapped in, so
 * text never shifts (CLS 0). Each exposes a CSS variable used by the theme's font stacks.
 */
export const inter = localFont({
  src: '../../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  variable: '--font-inter',
  weight: '100 900',
  display: 'optional',
  preload: false,
});

export const roboto = localFont({
  src: '../../../node_modules/@fontsource-variable/roboto/files/roboto-latin-wght-normal.woff2',
  variable: '--font-roboto',
  weight: '100 900',
  display: 'optional',
  preload: false,
});

export const openSans = localFont({
  src: '../../../node_modules/@fontsource-variable/open-sans/files/open-sans-latin-wght-normal.woff2',
  variable: '--font-open-sans',
  weight: '300 800',
  display: 'optional',
  preload: false,
});

export const merriweather = localFont({
  src: '../../../node_modules/@fontsource-variable/merriweather/files/merriweather-latin-wght-normal.woff2',
  variable: '--font-merriweather',
  weight: '300 900',
  display: 'optional',
  preload: false,
});

/** Class names that define the four font variables on <html>. */
export const fontVariables = [inter, roboto, openSans, merriweather]
  .map((f) => f.variable)
  .join(' ');
