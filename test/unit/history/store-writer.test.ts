// The history store's writer thread: pages committed in the order handed over, each with its
// cursors, a call resolving only once its rows are readable from the main thread's own
// connection, a walk stopped at its first page that cannot be written (no later page of it
// stored, its cursor left at the last good page), and kept-apart trades crossing with exact decimals.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import type { HistoryEntry } from '../../../preload/contract/history';
import type { SpotTrade } from '../../../main/exchange/domain';
import { openHistoryStore, type HistoryStore } from '../../../main/core/history/store';
import { ThreadWriter } from '../../../main/core/history/store-writer';
import { historyRows } from '../../support/history-rows';

let dataDir: string;
let store: HistoryStore;
let writer: ThreadWriter;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'coffer-history-writer-'));
  store = openHistoryStore(dataDir, 'p1');
  writer = new ThreadWriter({ path: store.path });
});
afterEach(() => {
  writer.close();
  store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const ROWS = historyRows(3_000, { seed: 5 });
const pageOf = (index: number) => ROWS.slice(index * 500, (index + 1) * 500);
const lastId = (page: readonly HistoryEntry[]) => (page[page.length - 1] as HistoryEntry).id;

describe('history store writer thread', () => {
  it('commits pages handed over at once in order, each readable on the main connection when its call resolves', async () => {
    const chain = writer.chain();
    const seen: Array<{ stored: number; idCursor: string | null }> = [];
    const writes = [0, 1, 2, 3].map((index) =>
      writer.writePage(pageOf(index), { idCursor: lastId(pageOf(index)) }, { chain }).then((written) => {
        seen.push({ stored: store.stored(), idCursor: store.cursors().idCursor });
        return written;
      }));
    expect(await Promise.all(writes)).toEqual([500, 500, 500, 500]);
    expect(seen).toEqual([0, 1, 2, 3].map((index) => ({ stored: 500 * (index + 1), idCursor: lastId(pageOf(index)) })));
    await writer.saveCursors({ initialDone: true });
    expect(store.cursors()).toMatchObject({ initialDone: true, idCursor: lastId(pageOf(3)) });
  });

  it('refuses every later page of a walk once one cannot be written, leaving the cursor at the last page stored; other writes go on', async () => {
    const chain = writer.chain();
    const bad = [...pageOf(1).slice(0, 499), { ...(pageOf(1)[499] as HistoryEntry), amount: 'ten' }];
    const results = await Promise.allSettled([
      writer.writePage(pageOf(0), { idCursor: lastId(pageOf(0)) }, { chain }),
      writer.writePage(bad, { idCursor: lastId(bad) }, { chain }),
      writer.writePage(pageOf(2), { idCursor: lastId(pageOf(2)) }, { chain }),
      writer.writePage(pageOf(3), {}),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/amount of history entry .* is not a decimal: ten/);
    expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(/an earlier page of this read could not be stored/);
    expect(store.cursors().idCursor).toBe(lastId(pageOf(0)));
    expect(store.stored()).toBe(1_000);
    // A new walk resumes from there.
    const again = writer.chain();
    await writer.writePage(pageOf(1), { idCursor: lastId(pageOf(1)) }, { chain: again });
    expect(store.cursors().idCursor).toBe(lastId(pageOf(1)));
  });

  it('keeps a trade apart with its decimals exact, and lets it go in a later write', async () => {
    const trade: SpotTrade = {
      id: '77', orderId: '5', clientOrderId: 'c-5', symbol: 'NEWUSDT', side: 'buy', taker: true,
      quantity: new Decimal('0.000000000000000001'), price: new Decimal('123456789.123456789'), fee: new Decimal('0.1'),
      timestamp: '2024-05-01T00:00:00.000Z',
    };
    await writer.writePage([], { tradeCursor: '77' }, { leftOut: { add: [trade], remove: [] } });
    const [kept] = store.leftOutTrades.list();
    expect(kept?.quantity.toFixed()).toBe('0.000000000000000001');
    expect(kept?.price.equals(trade.price)).toBe(true);
    expect(store.cursors().tradeCursor).toBe('77');
    await writer.writePage([], {}, { leftOut: { add: [], remove: ['77'] } });
    expect(store.leftOutTrades.count()).toBe(0);
  });

  it('takes nothing once closed', async () => {
    await writer.writePage(pageOf(0), {});
    writer.close();
    await expect(writer.writePage(pageOf(1), {})).rejects.toThrow(/closed/);
  });
});
