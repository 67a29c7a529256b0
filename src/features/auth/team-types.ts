import type { Role } from '@/features/access/roles';

/** A person of the account as the team calls answer them; types only. */
export type Member = {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** False until the address is confirmed (an owner who has not activated yet). */
  active: boolean;
  joined_at: string;
};
