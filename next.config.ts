import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Lets two builds live side by side (for example two developers' browser suites on one
  // machine); the default is Next's own `.next`.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // PGlite loads its WebAssembly and data files from its own package folder, and pg/pino
  // use Node APIs that must not be bundled: keep them as plain Node requires on the server.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino'],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
