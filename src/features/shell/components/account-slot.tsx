import { HeaderAccount } from '@/features/auth/components/header-account';

/** The header's account entry: filled in the browser, so cached pages carry nothing personal. */
export function AccountSlot() {
  return <HeaderAccount />;
}
