import { pageStore } from '@/features/tenancy/server/page-store.server';
import styles from './home.module.css';

type Props = { params: Promise<{ host: string; sv: string }> };

/** Home page: the resolved store's logo and name (the full shell comes with the shell issue). */
export default async function HomePage({ params }: Props) {
  const { host, sv } = await params;
  const { store } = await pageStore(host, sv);
  const { logoSet } = store.theme;
  return (
    <main className={styles.main}>
      <header className={styles.header}>
        {/* eslint-disable-next-line @next/next/no-img-element -- SVG logos from the theme, sized by logoSet */}
        <img
          src={logoSet.primary}
          alt={logoSet.alt}
          width={logoSet.width}
          height={logoSet.height}
        />
        <h1 className={styles.name}>{store.config.store_name}</h1>
      </header>
      {store.variables.bannerText ? (
        <p className={styles.banner}>{store.variables.bannerText}</p>
      ) : null}
    </main>
  );
}
