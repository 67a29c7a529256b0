/** How an address or number is shown where the whole would tell too much: "a***@example.com". */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** "+44 *** 123": enough for the customer to know which phone, not enough to call it. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)} *** ${phone.slice(-3)}`;
}
