// A review's manifest and progress in words, pure.
import type { ExportManifestView, ExportValuation } from '../../../../preload/contract/history';
import { FORMAT_CHOICES } from '../history/export-words';
import { exactAmount, longDay } from '../portfolio/portfolio-words';
import { balancesSentence } from './balances-words';
import { filterWords } from '../history/history-filter';
import { showTimeZoned } from '../display/show-time';
import { utcTime } from '../history/history-words';
import type { ReviewCheck, ReviewStage } from './review-store';

export interface Fact {
  label: string;
  value: string;
  title?: string;
}

/** The zone of the files' times: stated by the signed manifest, or (older exports) UTC by Coffer's rule. */
function fileZoneWords(zone: string | null): string {
  return zone === null ? 'UTC (this older export does not state it)' : `${zone}, as the signed manifest states`;
}

/** "In USDT from GET /public/price/history (BTC/USDT D1, ETH/USDT D1 + H1); 2 rows without a price". */
export function valuationWords(valuation: ExportValuation): Fact {
  const pairs = new Map<string, string[]>();
  for (const series of valuation.series) pairs.set(series.pair, [...(pairs.get(series.pair) ?? []), series.period]);
  const candles = [...pairs].map(([pair, periods]) => `${pair} ${periods.join(' + ')}`).join(', ');
  const unpriced = valuation.unpricedRows === 0 ? 'every row priced' : `${valuation.unpricedRows.toLocaleString('en-US')} ${valuation.unpricedRows === 1 ? 'row' : 'rows'} without a price`;
  return {
    label: 'Values',
    value: `In ${valuation.currency} at each row's time, ${unpriced}`,
    title: `${valuation.rule}. Prices from ${valuation.source}${candles === '' ? '' : ` (${candles})`}, read ${utcTime(valuation.readAt)}`,
  };
}

/** What the signed manifest says about the export, as a reviewer reads it. */
export function manifestFacts(manifest: ExportManifestView): Fact[] {
  const format = FORMAT_CHOICES.find((choice) => choice.format === manifest.format)?.label ?? (manifest.balances ? 'Balances (CSV)' : manifest.format);
  const range = manifest.from && manifest.till ? `${showTimeZoned(manifest.from)} – ${showTimeZoned(manifest.till)}` : 'No rows';
  // A balances export has no filter or time range: its day, as the signed manifest says, instead.
  const what: Fact[] = manifest.balances
    ? [
        { label: 'Day', value: `${longDay(manifest.balances.day)}, at the close (UTC)`, title: utcTime(manifest.balances.closeAt) },
        { label: 'Total', value: `${exactAmount(manifest.balances.totalValue)} ${manifest.balances.valuationCurrency}`, title: balancesSentence(manifest.balances) },
      ]
    : [
        { label: 'Filter', value: filterWords(manifest.filters) },
        { label: 'Time range', value: range, title: manifest.from && manifest.till ? `${utcTime(manifest.from)} – ${utcTime(manifest.till)}` : undefined },
      ];
  return [
    { label: 'Profile', value: manifest.profileName },
    { label: 'Account', value: manifest.account },
    ...what,
    { label: manifest.balances ? 'Currencies' : 'Rows', value: manifest.rowCount.toLocaleString('en-US') },
    { label: 'Format', value: format },
    ...(manifest.valuation ? [valuationWords(manifest.valuation)] : []),
    { label: 'Files', value: manifest.files.map((file) => file.name).join(', ') },
    { label: 'Created', value: showTimeZoned(manifest.createdAt), title: utcTime(manifest.createdAt) },
    { label: 'Times in the files', value: fileZoneWords(manifest.timeZone) },
    { label: 'App version', value: `Coffer ${manifest.appVersion}` },
  ];
}

export interface StageProgress {
  label: string;
  percent: number;
}

/** Sending, then checking the signature and hashing every file: each with its own whole percent. */
export function stageProgress(stage: ReviewStage, upload: { sent: number; size: number }, check: ReviewCheck | null): StageProgress | null {
  if (stage === 'uploading') return { label: `Sending the file · ${percentOf(upload.sent, upload.size)} %`, percent: percentOf(upload.sent, upload.size) };
  if (stage !== 'checking') return null;
  if (check === null) return { label: 'Opening the file…', percent: 0 };
  return { label: `Checking the signature and hashes · ${percentOf(check.done, check.total)} %`, percent: percentOf(check.done, check.total) };
}

/** "Loading rows · 37 % · 370,000 of 1,000,000 stored": the rows stored so far of the rows signed. */
export function rowsLoadProgress(rows: number, check: ReviewCheck | null): StageProgress {
  const stored = check?.phase === 'loading' ? Math.min(check.done, rows) : 0;
  const percent = percentOf(stored, rows);
  return { label: `Loading rows · ${percent} % · ${stored.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} stored`, percent };
}

function percentOf(done: number, total: number): number {
  return total <= 0 ? 0 : Math.floor((100 * Math.min(done, total)) / total);
}
