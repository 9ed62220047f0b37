// npm run bench:history (2 of 3) — the query engine over a profile's store of 1,000,000 rows
// (generated, written 1,000 at a time as the sync writes them): a summary with totals for several
// filters, windows of 100 rows at deep offsets, the flows chart, the portfolio's change per day, and peak RSS. Each figure is the
// median of five runs (the first run apart), against the 100 ms target, and against a baseline
// measured in the same run: the same totals straight from the entries, one GROUP BY over every row.
// Run: npx tsx test/bench/history-filter.ts [rows]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { HistoryEntry, HistoryFilter } from '../../preload/contract/history';
import { openHistoryStore } from '../../main/core/history/store';
import { createDeltaReader } from '../../main/core/portfolio/daily-deltas';
import { historyRowStream } from '../support/history-rows';
import { reportGoal } from './goals';
import { sampleMemory } from './sandbox-process';

const ROWS = Number.parseInt(process.argv[2] ?? '1000000', 10);
const TARGET_MS = 100;
/** A text filter's goal: the search index answers it, a little more work than a list's sums. */
const TEXT_TARGET_MS = 150;

function timed(run: () => unknown): { firstMs: number; medianMs: number } {
  const times: number[] = [];
  for (let i = 0; i < 6; i += 1) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  const [first = 0, ...rest] = times;
  rest.sort((a, b) => a - b);
  return { firstMs: first, medianMs: rest[Math.floor(rest.length / 2)] ?? 0 };
}

function line(label: string, figures: { firstMs: number; medianMs: number }, baselineMs?: number): string {
  const verdict = figures.medianMs <= TARGET_MS ? 'within' : 'OVER';
  const ratio = baselineMs === undefined ? '' : `, ${(baselineMs / figures.medianMs).toFixed(1)}x faster than the baseline`;
  return `  ${label.padEnd(46)} ${figures.medianMs.toFixed(1).padStart(7)} ms (first ${figures.firstMs.toFixed(1)} ms) ${verdict} the ${TARGET_MS} ms target${ratio}`;
}

function main(): void {
  const dataDir = mkdtempSync(join(tmpdir(), 'coffer-bench-filter-'));
  const memory = sampleMemory();
  try {
    const store = openHistoryStore(dataDir, 'bench');
    const started = performance.now();
    let batch: HistoryEntry[] = [];
    let last: HistoryEntry | undefined;
    let first: HistoryEntry | undefined;
    for (const entry of historyRowStream(ROWS)) {
      first ??= entry;
      last = entry;
      batch.push(entry);
      if (batch.length === 1_000) {
        store.writePage(batch, {});
        batch = [];
      }
    }
    store.writePage(batch, {});
    const writeMs = performance.now() - started;
    console.log(`history filter: ${ROWS.toLocaleString('en')} rows written in ${(writeMs / 1_000).toFixed(1)} s (${Math.round(ROWS / (writeMs / 1_000)).toLocaleString('en')} rows/s, 1,000 per transaction)`);

    const span = { from: first?.createdAt ?? '', till: last?.createdAt ?? '' };
    const third = (at: number) => new Date(Date.parse(span.from) + (Date.parse(span.till) - Date.parse(span.from)) * at).toISOString();
    const query = store.query;
    const raw = new Database(store.path, { readonly: true });
    const baseline = timed(() => raw.prepare(`SELECT currency, direction, COUNT(*), SUM(amount_whole), SUM(amount_frac1), SUM(amount_frac2),
      SUM(fee_whole), SUM(fee_frac1), SUM(fee_frac2) FROM history_entries GROUP BY currency, direction`).safeIntegers(true).all());
    console.log(`  baseline: the totals of every row straight from the entries: ${baseline.medianMs.toFixed(1)} ms`);
    const countEth = timed(() => raw.prepare("SELECT COUNT(*) FROM history_entries WHERE currency = 'ETH'").pluck().get());
    console.log(`  floor: a plain COUNT(*) WHERE currency = 'ETH' over the entries: ${countEth.medianMs.toFixed(1)} ms`);
    const filters: Array<[string, HistoryFilter]> = [
      ['summary, no filter', {}],
      ['summary, one currency', { currencies: ['ETH'] }],
      ['summary, date range (part-days at both ends)', { from: third(1 / 3), till: third(2 / 3) }],
      ['summary, status and direction', { statuses: ['PENDING', 'FAILED'], direction: 'out' }],
      ['summary, text (selective: an invoice number)', { text: 'invoice 4242' }],
      ['summary, text (a word in 1 % of the rows)', { text: 'payroll' }],
      ['summary, text (one letter: half the rows)', { text: 'e' }],
    ];
    for (const [label, filter] of filters) {
      const figures = timed(() => query.summary(filter));
      console.log(line(label, figures, baseline.medianMs));
      // A one-letter text has no trigram to look up: it is a scan, reported, with no goal of its own.
      if (filter.text === 'e') continue;
      const floor = filter.currencies === undefined
        ? { value: baseline.medianMs, label: 'the totals of every row, one GROUP BY over the entries' }
        : { value: countEth.medianMs, label: "a plain COUNT(*) WHERE currency = 'ETH'" };
      // A text's matches are kept until the next write: its first run is the one that searches.
      reportGoal({
        figure: `history filter in the store, ${label}${filter.text === undefined ? '' : ', first run'}, ${ROWS.toLocaleString('en')} rows`,
        value: filter.text === undefined ? figures.medianMs : figures.firstMs,
        unit: 'ms',
        floor,
        rule: { atMost: filter.text === undefined ? TARGET_MS : TEXT_TARGET_MS },
      });
    }
    console.log(`  rows matching 'invoice 4242': ${query.count({ text: 'invoice 4242' })}; ETH rows: ${query.count({ currencies: ['ETH'] })}`);
    console.log(line('window of 100 at offset 0', timed(() => query.rows({ filter: {}, offset: 0, limit: 100 }))));
    console.log(line('window of 100 at offset 900,000', timed(() => query.rows({ filter: {}, offset: Math.max(0, ROWS - 100_000), limit: 100 }))));
    console.log(line('window of 100 at offset 500,000, one currency', timed(() => query.rows({ filter: { currencies: ['USDT'] }, offset: Math.floor(ROWS / 12), limit: 100 }))));
    console.log(line('flows, no filter (weeks)', timed(() => query.flows({}))));
    console.log(line('flows, 90 days (days)', timed(() => query.flows({ from: third(0.5), till: new Date(Date.parse(third(0.5)) + 90 * 86_400_000).toISOString() }))));
    const deltas = createDeltaReader(raw);
    const firstDay = deltas.firstDay() ?? 0;
    console.log(line('portfolio: net worth All, the counted entries\' change per day', timed(() => deltas.daily('master', firstDay))));
    raw.close();
    store.close();
    const peak = memory.stop();
    console.log(`  memory: peak RSS ${peak.rssMb.toFixed(0)} MiB, peak heap ${peak.heapMb.toFixed(0)} MiB`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main();
