import type { Metadata } from 'next';
import { TeamPage } from '@/features/dashboard/components/account-pages';

export const metadata: Metadata = { title: 'Team', robots: { index: false } };
export const dynamic = 'force-dynamic';

export default function Page() {
  return <TeamPage />;
}
