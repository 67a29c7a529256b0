import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Not found', robots: { index: false } };

/** Unknown hosts (PRODUCT.md) and unknown pages. */
export default function NotFound() {
  return (
    <main style={{ maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Not found</h1>
      <p>No store is configured for this address, or the page does not exist.</p>
    </main>
  );
}
