import { notFound } from 'next/navigation';

/** Any path a store does not have: the store's own 404 page, inside its theme. */
export default function UnknownPage(): never {
  notFound();
}
