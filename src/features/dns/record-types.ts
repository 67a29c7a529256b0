/** The record types a customer may set (browser code may import this file). */
export const RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA', 'NS'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];
