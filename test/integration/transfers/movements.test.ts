// Recent movements on an account with ten thousand other transactions: newest first, of the right
// kinds only, by currency, in two limited reads however long the history; one movement in full;
// and a new movement pushed from the wallet stream.
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { MovementView } from '../../../preload/contract/transfers';
import { ApiError } from '../../../main/exchange/errors';
import { failure, sentTo, startHarness, unwrap, waitForEvent, type Harness } from './harness';

const MASTER = 'master@sandbox.test';
const HISTORY_PATH = '/api/3/wallet/transactions';

interface Record {
  id: string | number;
  type: string;
  subtype: string;
  status: string;
  created_at: string;
  native: { currency: string; amount: string; fee?: string; hash?: string };
}

let h: Harness;
let recentReads: MockInstance<Harness['desk']['api']['recentTransactions']>;

beforeAll(async () => {
  h = await startHarness();
  recentReads = vi.spyOn(h.desk.api, 'recentTransactions');
  await h.control('POST', '/sandbox/seed-transactions', { count: 10_000 });
  // The desk reads the approvals queue once at start, in the background, from the same path: its
  // answer is awaited here so that the reads counted below are the movements' own.
  const until = Date.now() + 10_000;
  while (sentTo(h.desk, HISTORY_PATH, 'GET') === 0) {
    if (Date.now() > until) throw new Error('the desk never read its approvals queue at start');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});

afterAll(async () => {
  await h?.close();
});

/** The movement rule written out here: transfers and conversions, and moves to or from other accounts. */
const isMovement = (r: Record) =>
  r.type === 'TRANSFER' || r.type === 'SWAP' || (['WITHDRAW', 'DEPOSIT'].includes(r.type) && ['OFFCHAIN', 'SUB_ACCOUNT'].includes(r.subtype));

/** The newest movements as the service lists them, read here from its newest thousand transactions. */
async function truthNewest(limit: number, currency?: string): Promise<string[]> {
  const filter = currency === undefined ? '' : `&currencies=${currency}`;
  const newest = await h.truth<Record[]>(MASTER, `${HISTORY_PATH}?order_by=created_at&sort=DESC&limit=1000${filter}`);
  return newest.filter(isMovement).slice(0, limit).map((r) => String(r.id));
}

function expectNewestFirst(rows: MovementView[]): void {
  for (let i = 1; i < rows.length; i += 1) {
    const [newer, older] = [rows[i - 1] as MovementView, rows[i] as MovementView];
    const byTime = Date.parse(newer.createdAt) - Date.parse(older.createdAt);
    expect(byTime > 0 || (byTime === 0 && BigInt(newer.id) > BigInt(older.id)), `${newer.id} before ${older.id}`).toBe(true);
  }
}

/** Newest-first reads filtered to movements, each one GET of the history path: the approvals
 *  queue, read in the background after start and again while it settles, reads that path too,
 *  so a count of all its GETs depends on when that read happens to land. */
function movementReads(): number {
  return recentReads.mock.calls.filter(([filter]) => filter.types?.includes('TRANSFER') || filter.subtypes?.includes('OFFCHAIN')).length;
}

describe('recent movements', () => {
  it('lists the newest fifty movements, newest first, in two limited reads', async () => {
    const reads = movementReads();
    const rows = unwrap(await h.desk.core.handlers.listMovements({}));
    expect(movementReads()).toBe(reads + 2);
    expect(rows).toHaveLength(50);
    expectNewestFirst(rows);
    expect(rows.map((r) => r.id)).toEqual(await truthNewest(50));
  });

  it('filters by currency and honours the limit', async () => {
    const btc = unwrap(await h.desk.core.handlers.listMovements({ currency: 'btc', limit: 30 }));
    expect(btc).toHaveLength(30);
    expect(btc.every((r) => r.currency === 'BTC')).toBe(true);
    expect(btc.map((r) => r.id)).toEqual(await truthNewest(30, 'BTC'));
    const many = unwrap(await h.desk.core.handlers.listMovements({ limit: 200 }));
    expect(many).toHaveLength(200);
    expectNewestFirst(many);
  });

  it('opens one movement in full, and refuses a transaction that is not one', async () => {
    const [first] = unwrap(await h.desk.core.handlers.listMovements({ limit: 1 }));
    if (first === undefined) throw new Error('no movement');
    const record = unwrap(await h.desk.core.handlers.getMovement({ id: first.id }));
    const truth = await h.truth<Record>(MASTER, `${HISTORY_PATH}/${first.id}`);
    expect(record).toMatchObject({ ...first, status: truth.status, currency: truth.native.currency });
    expect(record).toHaveProperty('updatedAt');

    const [onChain] = await h.truth<Record[]>(MASTER, `${HISTORY_PATH}?types=DEPOSIT&subtypes=BLOCKCHAIN&limit=1`);
    const notMovement = failure(await h.desk.core.handlers.getMovement({ id: String(onChain?.id) }));
    expect([notMovement.code, notMovement.field]).toEqual(['NOT_FOUND', 'id']);
    const missing = failure(await h.desk.core.handlers.getMovement({ id: '987654321' }));
    expect([missing.code, missing.field]).toEqual(['NOT_FOUND', 'id']);
  });

  it('pushes a new movement from the wallet stream, and lists it first', async () => {
    const fromIndex = h.desk.events.length;
    const sent = unwrap(await h.desk.core.handlers.transferFunds({ currency: 'USDT', amount: '4.5', from: 'wallet', to: 'spot' }));
    if (sent.state !== 'done') throw new Error('transfer not done');
    const pushed = await waitForEvent(h.desk, 'movementRecorded', (e) => sent.transactionIds.includes(e.movement.id), 5_000, fromIndex);
    expect(pushed.movement).toMatchObject({ type: 'TRANSFER', subtype: 'WALLET_TO_SPOT', currency: 'USDT', amount: '4.5' });
    expect(h.desk.events.slice(fromIndex).filter((e) => e.event === 'movementRecorded' && e.payload.movement.type !== 'TRANSFER')).toEqual([]);
    const [newest] = unwrap(await h.desk.core.handlers.listMovements({ limit: 5 }));
    expect(newest?.id).toBe(pushed.movement.id);
  });

  it('the client refuses a newest-first read outside 1-1000 before sending it', async () => {
    const reads = sentTo(h.desk, HISTORY_PATH, 'GET');
    await expect(h.desk.api.recentTransactions({}, 0)).rejects.toBeInstanceOf(ApiError);
    await expect(h.desk.api.recentTransactions({}, 1_001)).rejects.toMatchObject({ kind: 'input', field: 'limit' });
    expect(sentTo(h.desk, HISTORY_PATH, 'GET')).toBe(reads);
  });
});
