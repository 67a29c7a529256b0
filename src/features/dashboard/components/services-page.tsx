import Link from 'next/link';
import { accountServices } from '@/features/services/server/services.server';
import type { ServiceType } from '@/features/services/service-types';
import { dashboardViewer } from '../server/dashboard-page.server';
import { DashboardFrame } from './dashboard-frame';
import { ServiceTable } from './service-table';
import { SignInFirst } from './sign-in-first';
import styles from './dashboard.module.css';

const KINDS = {
  domains: {
    title: 'Domains',
    types: ['domain', 'domain_transfer'] as ServiceType[],
    date: 'Expires',
    empty: 'No domains yet.',
    buy: { href: '/domains', label: 'Find a domain' },
  },
  numbers: {
    title: 'Numbers',
    types: ['number'] as ServiceType[],
    date: 'Renews',
    empty: 'No phone numbers yet.',
    buy: { href: '/numbers', label: 'Buy more numbers' },
  },
  plans: {
    title: 'Plans',
    types: ['plan'] as ServiceType[],
    date: 'Renews',
    empty: 'No call plans yet.',
    buy: { href: '/plans', label: 'Add a plan or seats' },
  },
} as const;

/** The Domains, Numbers or Plans page: the account's services of that kind, and where to buy more. */
export async function ServicesPage({ kind }: { kind: keyof typeof KINDS }) {
  const k = KINDS[kind];
  const viewer = await dashboardViewer();
  if (!viewer) return <SignInFirst title={k.title} />;
  const services = (await accountServices(viewer)).filter((s) => k.types.includes(s.type));
  return (
    <DashboardFrame current={`/dashboard/${kind}`} role={viewer.role} title={k.title}>
      <ServiceTable
        services={services}
        siteVersion={viewer.siteVersion}
        caption={k.title}
        dateLabel={k.date}
        empty={k.empty}
      />
      <p className={styles.panel}>
        <Link href={k.buy.href}>{k.buy.label}</Link>: bought through the same checkout, it appears
        here once paid.
      </p>
    </DashboardFrame>
  );
}
