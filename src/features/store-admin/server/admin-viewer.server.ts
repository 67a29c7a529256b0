import 'server-only';
import type { AdminViewer } from '../components/admin-frame';
import type { StaffContext } from './staff.server';

/** What the admin's frame shows of a staff member. */
export function adminViewer(staff: StaffContext): AdminViewer {
  return {
    role: staff.staff.role,
    storeName: staff.store.config.store_name,
    email: staff.account.email,
  };
}
