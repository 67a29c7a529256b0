export const RECORDS_DIR: string;
export function changesBesidesStatus(landed: string, current: string): string[];
export function checkDecisionRecords(options?: {
  cwd?: string;
  base?: string;
}): { skipped: string } | { checked: number; base: string; problems: string[] };
