import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Lets two builds live side by side (for example two developers' browser suites on one
  // machine); the default is Next's own `.next`.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // PGlite loads its WebAssembly and data files from its own package folder, and pg/pino
  // use Node APIs that must not be bundled: keep them as plain Node requires on the server.
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pg',
    'pg-boss',
    'pino',
    'ioredis',
    // The invoice PDF: pdfkit and its font engine read their own data files at run time.
    'pdfkit',
    'fontkit',
    // The SVG sanitiser of uploaded logos (DOMPurify over jsdom) reads jsdom's own files.
    'jsdom',
    'dompurify',
  ],
  poweredByHeader: false,
  // Entity tags and compression are Next's own (generateEtags and compress at their defaults):
  // the page cache keeps pages already rewritten (scripts/page-cache-handler.mjs), so nothing has
  // to come between Next and its compression, and behind nginx the front compresses and caches
  // (docs/decisions/0264).
  // Rendered store pages live in memory only, in a bounded LRU: they are rebuilt from the database
  // after a restart (the database may have changed meanwhile), and a flood of unknown hosts or
  // paths cannot fill the disk (docs/decisions/0010-page-cache.md). The cache is the project's own
  // handler, through Next's documented `cacheHandler` option, so that a store change made through
  // one instance expires its pages on every instance (over Redis; docs/decisions/0190).
  cacheHandler: fileURLToPath(new URL('./scripts/page-cache-handler.mjs', import.meta.url)),
  // Next's own in-memory layer in front of a custom handler: off, the handler is the memory.
  cacheMaxMemorySize: 0,
  // A cached page older than this is rendered afresh before it is served, never sent stale (Next's
  // default is a year). A search page is refreshed after a minute in the background; one nobody
  // asked for in an hour is not shown with hour-old availability (docs/decisions/0111).
  expireTime: 3600,
  experimental: { isrFlushToDisk: false, inlineCss: true },
  reactStrictMode: true,
};

export default nextConfig;
