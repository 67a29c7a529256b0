// First-load JavaScript of a page: the gzip size of every script a modern browser loads for it
// (module-less polyfills excluded), fetched from the running server.
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';

/** GET with a chosen Host header (fetch would send 127.0.0.1). */
function get(port, host, path) {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(Buffer.concat(chunks))
          : reject(new Error(`${host}${path}: ${res.statusCode}`)),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** Sum of gzip sizes (KB) of the scripts the page's HTML loads. */
export async function firstLoadJsKb(port, host, path = '/') {
  const html = (await get(port, host, path)).toString('utf8');
  // `data-paint-first` holds the chunks that load right after the first paint (serve.mjs).
  const scripts = [...html.matchAll(/<script\b[^>]*\b(?:src|data-paint-first)="([^"]+)"[^>]*>/g)]
    .filter((m) => !/\bnoModule\b/i.test(m[0]))
    .map((m) => m[1]);
  const unique = [...new Set(scripts)].filter((src) => src.startsWith('/'));
  let bytes = 0;
  for (const src of unique) bytes += gzipSync(await get(port, host, src), { level: 9 }).length;
  return { kb: bytes / 1024, scripts: unique.length };
}
