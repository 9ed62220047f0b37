// npm run bench (history-filter-page) — a filter change on the History page at 1,000,000 rows, as
// the user sees it: the web host on a fresh data directory (built-in sandbox), the sandbox
// profile's history store filled with generated rows, the page open in Chromium; each filter is
// changed through the filter bar and timed from the change (the option's click, the search
// field's input) to the moment the screen shows the filtered set's first row, its count and its
// totals — checked against the store's own answer, so a stale screen never counts (nor one still
// marked as updating: the count's data-total is empty until the current filter's answer is in). Floor: the
// store's own time for the same reads (summary, totals, first window), in this process, same run.
// Medians of BENCH_RUNS (3) changes per filter. Needs a build (npx electron-vite build).
// Run: npx tsx test/bench/history-filter-page.ts [rows]
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type Page } from '@playwright/test';
import type { HistoryEntry, HistoryFilter } from '../../preload/contract/history';
import { createHistoryQuery, type HistoryQuery } from '../../main/core/history/query';
import { openHistoryStore } from '../../main/core/history/store';
import { HISTORY_DIR } from '../../main/core/history/store-file';
import { SETTLED_STATUSES } from '../../preload/contract/status-words';
import playwrightConfig from '../../playwright.config';
import { startPrivateBus } from '../integration/keychain/private-keyring';
import { historyRowStream } from '../support/history-rows';
import { BUILT_HOST, spawnBuiltHost } from './bench-support';
import { reportGoal } from './goals';

const ROOT = resolve(__dirname, '../..');
const ROWS = Number.parseInt(process.argv[2] ?? '1000000', 10);
const RUNS = Number.parseInt(process.env.BENCH_RUNS ?? '3', 10);
const SCREEN_TIMEOUT_MS = 60_000;
/** Totals rows the page shows before "Show all" (HistoryTotals.vue). */
const FOLDED_COUNT = 5;

interface Expected {
  total: number;
  firstId: string;
  /** The busiest currencies of the totals, as the page lists them first, with their counts. */
  busiest: Array<{ currency: string; count: number }>;
}

interface FilterChange {
  label: string;
  filter: HistoryFilter;
  /** Makes the change on the page; resolves once the change is made (the clock started in the page). */
  apply(page: Page): Promise<void>;
  goal: number;
}

/** What the page's totals count by default: the filter narrowed to completed rows (history-totals.ts). */
function totalsFilter(filter: HistoryFilter): HistoryFilter | null {
  const statuses = filter.statuses === undefined ? [...SETTLED_STATUSES] : filter.statuses.filter((status) => SETTLED_STATUSES.includes(status));
  return statuses.length === 0 ? null : { ...filter, statuses };
}

async function stopHost(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  await exited;
}

async function openHistory(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('navigation', { name: 'Sections' }).getByText('History', { exact: true }).click();
  await page.getByTestId('history-page').waitFor({ state: 'visible' });
}

/** The built-in profile's id: its history store appears once the page has opened its history. */
async function builtInProfileId(dataDir: string): Promise<string> {
  for (let waited = 0; waited < SCREEN_TIMEOUT_MS; waited += 200) {
    const files = existsSync(join(dataDir, HISTORY_DIR)) ? readdirSync(join(dataDir, HISTORY_DIR)).filter((name) => name.endsWith('.db')) : [];
    if (files.length === 1) return (files[0] as string).slice(0, -'.db'.length);
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error('the built-in profile opened no history store');
}

function seed(dataDir: string, profileId: string): number {
  const store = openHistoryStore(dataDir, profileId);
  const started = performance.now();
  let batch: HistoryEntry[] = [];
  for (const entry of historyRowStream(ROWS)) {
    batch.push(entry);
    if (batch.length === 10_000) {
      store.writePage(batch, {});
      batch = [];
    }
  }
  store.writePage(batch, {});
  store.close();
  return performance.now() - started;
}

function expectedOf(query: HistoryQuery, filter: HistoryFilter): Expected {
  const total = query.count(filter);
  const firstId = query.rows({ filter, offset: 0, limit: 1 }).rows[0]?.id ?? '';
  const counted = totalsFilter(filter);
  const totals = counted === null ? [] : query.summary(counted).totals;
  const busiest = [...totals].sort((a, b) => b.count - a.count || a.currency.localeCompare(b.currency)).slice(0, FOLDED_COUNT)
    .map(({ currency, count }) => ({ currency, count }));
  return { total, firstId, busiest };
}

/** The store's own time for what the page reads first: the summary, the totals and the first window. */
function storeMs(query: HistoryQuery, filter: HistoryFilter): number {
  const times: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    query.summary(filter);
    const counted = totalsFilter(filter);
    if (counted !== null) query.summary(counted);
    query.rows({ filter, offset: 0, limit: 200 });
    times.push(performance.now() - started);
  }
  return median(times);
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Starts the page's clock at the next change event the filter bar gets (capture phase, before Vue sees it). */
async function armClock(page: Page, event: 'click' | 'input'): Promise<void> {
  await page.evaluate((name) => {
    const state = window as unknown as { __changedAt?: number };
    delete state.__changedAt;
    document.addEventListener(name, () => (state.__changedAt ??= performance.now()), { capture: true, once: true });
  }, event);
}

/** ms from the change to the screen showing `expected` (polled each animation frame in the page). */
async function screenMs(page: Page, expected: Expected): Promise<number> {
  return page.evaluate(
    ({ want, timeout }) =>
      new Promise<number>((done, fail) => {
        const state = window as unknown as { __changedAt?: number };
        const started = performance.now();
        const shown = () => {
          const totals = document.querySelector('[data-testid="history-totals"]');
          if (totals?.getAttribute('data-total') !== String(want.total)) return false;
          const first = document.querySelector('[data-testid="history-row"][data-index="0"]');
          if (want.total > 0 && first?.getAttribute('data-id') !== want.firstId) return false;
          const rows = [...document.querySelectorAll('[data-testid="totals-row"]')];
          if (rows.length !== want.busiest.length) return false;
          return rows.every((row, i) => {
            const busy = want.busiest[i];
            return busy !== undefined && row.getAttribute('data-currency') === busy.currency && row.querySelector('td')?.textContent?.trim() === busy.count.toLocaleString('en-US');
          });
        };
        const check = () => {
          const now = performance.now();
          if (state.__changedAt !== undefined && shown()) done(now - state.__changedAt);
          else if (now - started > timeout) fail(new Error(`the screen did not show ${JSON.stringify(want)}`));
          else requestAnimationFrame(check);
        };
        check();
      }),
    { want: expected, timeout: SCREEN_TIMEOUT_MS },
  );
}

/** Presses a toggle button of the bar's short lists (direction, type, status): one click, no menu. */
async function pressChip(page: Page, key: string, label: string): Promise<void> {
  const chip = page.getByTestId(`filter-${key}`).getByRole('button', { name: label, exact: true });
  await chip.waitFor({ state: 'visible' });
  await armClock(page, 'click');
  await chip.click();
}

async function pickOption(page: Page, key: string, label: string): Promise<void> {
  await page.getByTestId(`filter-${key}`).click();
  const option = page.locator('.n-base-select-option').filter({ hasText: new RegExp(`^${label}$`) }).filter({ visible: true });
  await option.waitFor({ state: 'visible' });
  await armClock(page, 'click');
  await option.click();
  await page.keyboard.press('Escape');
}

/** The first and last day the date change picks: in the first month of the generated rows (2024-01). */
const RANGE_DAYS = { year: 2024, month: 0, first: 1, last: 15 } as const;

/** The filter the page sends for RANGE_DAYS: local days, the last one counted whole (history-filter.ts). */
function rangeFilter(): HistoryFilter {
  const { year, month, first, last } = RANGE_DAYS;
  return { from: new Date(year, month, first).toISOString(), till: new Date(year, month, last, 23, 59, 59, 999).toISOString() };
}

/** Opens the date-range picker, walks its first calendar back to RANGE_DAYS' month, picks the two
 *  days and starts the clock at the confirm button, where the picker hands the range over. */
async function pickRange(page: Page): Promise<void> {
  const calendar = page.locator('.n-date-panel-calendar--start');
  // The last change's panel may still be leaving: a click then lands on it, or shuts the picker.
  await page.locator('.n-date-panel').waitFor({ state: 'hidden' });
  // Click until it opens (the clock starts at the confirm button, so this is not timed).
  for (let tries = 0; !(await calendar.isVisible()); tries += 1) {
    if (tries === 10) throw new Error('the date-range picker did not open');
    await page.getByTestId('filter-range').click();
    await calendar.waitFor({ state: 'visible', timeout: 2_000 }).catch(() => undefined);
  }
  // The calendar opens where it was last left, or at today's month: read where it is, then walk.
  const header = calendar.locator('.n-date-panel-month');
  for (let steps = 0; steps < 240; steps += 1) {
    const [month, year] = ((await header.textContent()) ?? '').match(/([A-Za-z]{3})\s*(\d{4})/)?.slice(1) ?? [];
    const at = new Date(`${month} 1, ${year}`);
    if (Number.isNaN(at.getTime())) throw new Error(`unreadable calendar month: ${await header.textContent()}`);
    const behind = (at.getFullYear() - RANGE_DAYS.year) * 12 + at.getMonth() - RANGE_DAYS.month;
    if (behind === 0) break;
    await calendar.locator(behind >= 12 ? '.n-date-panel-month__fast-prev' : behind > 0 ? '.n-date-panel-month__prev' : '.n-date-panel-month__next').click();
  }
  const day = (n: number) => calendar.locator('.n-date-panel-date:not(.n-date-panel-date--excluded)').filter({ hasText: new RegExp(`^${n}$`) });
  await day(RANGE_DAYS.first).click();
  await day(RANGE_DAYS.last).click();
  await armClock(page, 'click');
  await page.locator('.n-date-panel-actions__suffix').getByRole('button', { name: 'Confirm' }).click();
}

async function typeText(page: Page, text: string): Promise<void> {
  const field = page.getByTestId('filter-text').locator('input');
  await armClock(page, 'input');
  await field.fill(text);
}

async function main(): Promise<void> {
  if (!existsSync(BUILT_HOST)) throw new Error('out/main/host.js is missing: run npx electron-vite build first');
  const bus = await startPrivateBus();
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions);
  const dataDir = mkdtempSync(join(tmpdir(), 'coffer-bench-filter-page-'));
  const env: NodeJS.ProcessEnv = { ...process.env, ...bus.env, COFFER_NO_BROWSER: '1', COFFER_DATA_DIR: dataDir, COFFER_SANDBOX_HISTORY: '0' };
  let host: { child: ChildProcess; url: string } | null = null;
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    // tsx names the page functions' inner functions through a __name helper the page lacks.
    await page.addInitScript('window.__name = (fn) => fn');
    host = await spawnBuiltHost(env, ROOT);
    await openHistory(page, host.url);
    const profileId = await builtInProfileId(dataDir);
    await stopHost(host.child);
    const seedMs = seed(dataDir, profileId);
    console.log(`history filter on the page: ${ROWS.toLocaleString('en')} rows seeded in ${(seedMs / 1000).toFixed(1)} s`);

    host = await spawnBuiltHost(env, ROOT);
    await openHistory(page, host.url);
    const db = new Database(join(dataDir, HISTORY_DIR, `${profileId}.db`), { readonly: true });
    const query = createHistoryQuery(db);
    const unfiltered = expectedOf(query, {});
    await armClock(page, 'click');
    await page.evaluate(() => document.dispatchEvent(new Event('click')));
    await screenMs(page, unfiltered);

    const changes: FilterChange[] = [
      { label: 'currency (ETH)', filter: { currencies: ['ETH'] }, apply: (p) => pickOption(p, 'currencies', 'ETH'), goal: 100 },
      { label: 'type (Deposit)', filter: { types: ['DEPOSIT'] }, apply: (p) => pressChip(p, 'types', 'Deposit'), goal: 100 },
      { label: 'status (Pending)', filter: { statuses: ['PENDING'] }, apply: (p) => pressChip(p, 'statuses', 'Pending'), goal: 100 },
      { label: 'direction (Money out)', filter: { direction: 'out' }, apply: (p) => pressChip(p, 'direction', 'Money out'), goal: 100 },
      { label: 'dates (1–15 Jan 2024)', filter: rangeFilter(), apply: pickRange, goal: 100 },
      { label: "free text ('invoice 4242')", filter: { text: 'invoice 4242' }, apply: (p) => typeText(p, 'invoice 4242'), goal: 150 },
      { label: "free text ('payroll')", filter: { text: 'payroll' }, apply: (p) => typeText(p, 'payroll'), goal: 150 },
    ];
    for (const change of changes) {
      const expected = expectedOf(query, change.filter);
      const floor = storeMs(query, change.filter);
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        await change.apply(page);
        times.push(await screenMs(page, expected));
        await page.getByTestId('clear-filters').click();
        await armClock(page, 'click');
        await page.evaluate(() => document.dispatchEvent(new Event('click')));
        await screenMs(page, unfiltered);
      }
      console.log(`  ${change.label}: ${times.map((ms) => ms.toFixed(0)).join(', ')} ms (store ${floor.toFixed(1)} ms, ${expected.total.toLocaleString('en')} rows)`);
      reportGoal({
        figure: `history filter on the page, ${change.label}, ${ROWS.toLocaleString('en')} rows`,
        value: median(times),
        unit: 'ms',
        floor: { value: floor, label: 'the store\'s own summary, totals and first window' },
        rule: { atMost: change.goal },
      });
    }
    db.close();
  } finally {
    if (host !== null) await stopHost(host.child);
    await browser.close();
    await bus.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
