'use client';
import useSWR from 'swr';
import { authApi } from '../api/auth-api';

export type PasskeyInfo = {
  id: string;
  name: string;
  rp_id: string;
  created_at: string;
  last_used_at: string | null;
};

export type SecurityOverview = {
  second_factor: boolean;
  phone: string | null;
  phone_pending: string | null;
  /** The new e-mail address waiting for its confirmation link, or null. */
  email_pending: string | null;
  backup_codes_left: number;
  passkeys: PasskeyInfo[];
};

export const SECURITY_KEY = '/api/account/security';

const fetchSecurity = async (url: string): Promise<SecurityOverview> =>
  (await authApi.get(url)).data.data;

/** The security page's state (second factor, phone, backup codes), from the server. */
export function useSecurity(enabled: boolean) {
  return useSWR(enabled ? SECURITY_KEY : null, fetchSecurity);
}
