import type { Role } from '@/features/access/roles';

/**
 * What the API shows of a user (`/api/customer` and the sign-in answers): never a hash or a
 * secret. One definition for the server that builds it and the browser that reads it.
 */
export type CustomerUser = {
  id: string;
  name: string;
  email: string;
  account_id: string;
  account_name: string;
  role: Role;
  second_factor: boolean;
  has_phone: boolean;
};
