// What the history spec needs beside the page: the History page's parts by test id, a record of
// every phase the sync strip went through (kept by the page itself, so a phase shorter than a
// poll is not missed), every request the page makes, and a tampered copy of an export — one row's
// amount changed inside transactions.csv, the archive rewritten entry by entry with Coffer's own
// zip code, the manifest and its signature left as they were.
import { expect, type Locator, type Page } from '@playwright/test';
import Decimal from '../../preload/contract/decimal';
import { ZipReader } from '../../main/core/exports/zip/reader';
import { ZipWriter } from '../../main/core/exports/zip/writer';
import { menuOption } from './approvals-sandbox';

export async function goToSection(page: Page, label: 'History' | 'Review' | 'Settings' | 'Profiles'): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByText(label, { exact: true }).click();
}

export function historyRows(page: Page): Locator {
  return page.locator('[data-testid="history-row"][data-id]:not([data-id=""])');
}

/** Picks values in one of the filter bar's multi-selects (test id filter-<key>), then closes it. */
export async function pickFilter(page: Page, key: 'currencies' | 'types' | 'statuses' | 'networks' | 'subtypes', labels: string[]): Promise<void> {
  if (key === 'types' || key === 'statuses') {
    // Short lists are toggle buttons on the bar itself.
    for (const label of labels) await page.getByTestId(`filter-${key}`).getByRole('button', { name: label, exact: true }).click();
    return;
  }
  await page.getByTestId(`filter-${key}`).click();
  for (const label of labels) await menuOption(page, label).filter({ visible: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('.n-base-select-menu').filter({ visible: true })).toHaveCount(0);
}

export interface SeenPhase {
  phase: string;
  read: number;
  detail: string;
  progress: boolean;
}

/** Call before the app loads: every change of the sync strip's phase or count is kept, in order. */
export async function recordSyncPhases(page: Page): Promise<() => Promise<SeenPhase[]>> {
  await page.addInitScript(() => {
    const seen: SeenPhase[] = [];
    Object.defineProperty(window, '__syncPhases', { value: seen });
    new MutationObserver(() => {
      const strip = document.querySelector('[data-testid="sync-strip"]');
      if (!strip) return;
      const entry = {
        phase: strip.getAttribute('data-phase') ?? '',
        read: Number(strip.getAttribute('data-read') ?? 0),
        detail: strip.querySelector('[data-testid="sync-detail"]')?.textContent ?? '',
        progress: strip.querySelector('[data-testid="sync-progress"]') !== null,
      };
      const last = seen.at(-1);
      if (!last || last.phase !== entry.phase || last.read !== entry.read) seen.push(entry);
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __syncPhases: SeenPhase[] }).__syncPhases.slice());
}

/** The rows the history keeps for the account's spot trades: a paid and a received leg each, and a fee line unless its fee is zero. */
export async function tradeRows(restUrl: string, key: { apiKey: string; secretKey: string }): Promise<number> {
  let rows = 0;
  for (let from = 0; ; ) {
    const response = await fetch(`${restUrl}/api/3/spot/history/trade?by=id&sort=ASC&limit=1000&from=${from}`, {
      headers: { authorization: `Basic ${Buffer.from(`${key.apiKey}:${key.secretKey}`).toString('base64')}` },
    });
    if (!response.ok) throw new Error(`the trade history: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as Array<{ id: number; fee: string }>;
    rows += page.reduce((sum, trade) => sum + (new Decimal(trade.fee).isZero() ? 2 : 3), 0);
    if (page.length < 1000) return rows;
    from = (page.at(-1) as { id: number }).id + 1;
  }
}

/** Every URL the page asks for (documents, scripts, sockets, images…), from now on. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('websocket', (socket) => urls.push(socket.url()));
  return urls;
}

/** Whether a URL stays on the host: its origin, its WebSocket twin, or data the page made itself. */
export function onHost(url: string, origin: string): boolean {
  if (url.startsWith('data:') || url.startsWith('blob:')) return true;
  const parsed = new URL(url);
  return parsed.origin === origin || `${parsed.protocol.replace('ws', 'http')}//${parsed.host}` === origin;
}

export interface ChangedRow {
  id: string;
  before: string;
  after: string;
}

/** transactions.csv with the amount of data row `rowNumber` (1 = the first) raised by one. */
function changeOneAmount(csv: string, rowNumber: number): { csv: string; changed: ChangedRow } {
  const lines = csv.split('\r\n');
  const column = (lines[0] ?? '').split(',').indexOf('amount');
  // The columns up to the amount (id, times, type, subtype, status, direction, currency) hold no commas.
  const cells = (lines[rowNumber] ?? '').split(',');
  const [id] = cells;
  const before = cells[column];
  if (column < 0 || !id || !before) throw new Error(`transactions.csv has no amount on row ${rowNumber}`);
  const after = new Decimal(before).plus(1).toFixed();
  cells[column] = after;
  lines[rowNumber] = cells.join(',');
  return { csv: lines.join('\r\n'), changed: { id, before, after } };
}

/**
 * Writes a copy of the export at `from` to `to` with one row of transactions.csv changed, every
 * other entry (the manifest and its signature among them) copied byte for byte.
 */
export async function tamperExport(from: string, to: string, rowNumber = 3): Promise<ChangedRow> {
  const reader = await ZipReader.open(from);
  const writer = await ZipWriter.create(to, new Date());
  let changed: ChangedRow | null = null;
  try {
    for (const name of reader.names()) {
      const chunks: Buffer[] = [];
      for await (const chunk of reader.read(name)) chunks.push(chunk);
      const bytes = Buffer.concat(chunks);
      if (name === 'transactions.csv') {
        const edited = changeOneAmount(bytes.toString('utf8'), rowNumber);
        changed = edited.changed;
        await writer.addEntry(name, [edited.csv]);
      } else {
        await writer.addEntry(name, [bytes]);
      }
    }
    await writer.finish();
  } finally {
    await reader.close();
  }
  if (!changed) throw new Error('the export has no transactions.csv');
  return changed;
}
