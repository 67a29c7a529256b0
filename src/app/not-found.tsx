import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'No store here', robots: { index: false } };

/**
 * Hosts that resolve to no store (docs/contract/brands-and-hosts.md): a real 404, never another
 * brand.
 */
export default function NotFound() {
  return (
    <main style={{ maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Not found</h1>
      <p>No store is configured for this address.</p>
    </main>
  );
}
