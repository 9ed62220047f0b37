// The export dialog's words: each format with the one line that says who it is for, and a running
// export's progress.
import type { ExportFormat } from '../../../../preload/contract/history';

export const FORMAT_CHOICES = [
  { format: 'csv', label: 'CSV', audience: 'One row per transaction, for spreadsheets, accountants and your own tools.' },
  { format: 'json', label: 'JSON', audience: 'Every field as Coffer stores it, for developers and scripts.' },
  { format: 'koinly', label: 'Koinly', audience: 'Koinly’s universal import file, for crypto tax reports in Koinly.' },
  { format: 'cointracking', label: 'CoinTracking', audience: 'CoinTracking’s CSV import, for portfolio and tax tracking there.' },
] as const satisfies readonly { format: ExportFormat; label: string; audience: string }[];

export interface ExportProgress {
  done: number;
  total: number;
  phase: 'writing' | 'signing';
}

export function exportProgressText(progress: ExportProgress | null): string {
  if (progress === null) return 'Starting…';
  if (progress.phase === 'signing') return 'Signing the file…';
  return `Writing ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} rows`;
}

/** Whole percent, 100 only when every row is written. */
export function exportPercent(progress: ExportProgress | null): number {
  if (progress === null) return 0;
  if (progress.phase === 'signing' || progress.total === 0) return 100;
  return Math.floor((100 * Math.min(progress.done, progress.total)) / progress.total);
}
