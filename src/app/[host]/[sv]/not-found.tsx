import Link from 'next/link';

export default function StoreNotFound() {
  return (
    <main style={{ maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Page not found</h1>
      <p>This page does not exist.</p>
      <p>
        <Link prefetch={false} href="/">
          Go to the home page
        </Link>
      </p>
    </main>
  );
}
