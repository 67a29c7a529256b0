import { appDb } from '@/lib/db/app-db';
import { sellerOtherThan } from '@/features/orders/server/merchant.server';
import { LEGAL_PAGES, type LegalPageKey } from '@/features/tenancy/legal-pages';
import type { Store } from '@/features/tenancy/store-types';
import { parseLegalText } from '../legal-markup';
import { legalText } from '../server/legal-texts.server';
import styles from './legal-document.module.css';

/**
 * A legal page of the store: its title and the store's text, or the default naming the store and,
 * when another company sells its orders (the platform), that company too.
 */
export async function LegalDocument({ store, page }: { store: Store; page: LegalPageKey }) {
  const seller = await sellerOtherThan(await appDb(), store);
  const blocks = parseLegalText(legalText(store, page, seller));
  return (
    <article className={styles.document}>
      <h1>{LEGAL_PAGES[page].title}</h1>
      {blocks.map((block, i) =>
        block.kind === 'heading' ? (
          <h2 key={i}>{block.text}</h2>
        ) : block.kind === 'list' ? (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={i}>{block.text}</p>
        ),
      )}
    </article>
  );
}
