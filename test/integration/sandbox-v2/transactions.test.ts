// GET /api/2/account/transactions: the v2 shape and mappings over the v3 records, the by=index
// walk that reads a history past the offset cap exactly once, paging limits and errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorDescription, startHarness, type CallOptions, type Harness, type Reply, type TestKey } from '../sandbox/harness';

const SEEDED = 2_500;
const TYPES = ['payout', 'payin', 'deposit', 'withdraw', 'bankToExchange', 'exchangeToBank'];
let h: Harness;
/** A key of an account of its own, holding only the seeded history (besides what the seed gave it). */
let walker: TestKey;

interface V2Tx {
  id: string; index: number; currency: string; amount: string; fee: string; address: string; hash: string; status: string;
  type: string; subType?: string; senders?: string[]; offchainId: string[]; createdAt: string; updatedAt: string;
  commitRisk?: { score: number; rbf: boolean; lowFee: boolean };
}
interface V3Tx { id: number; status: string; type: string; subtype: string; created_at: string; updated_at: string; native: { tx_id: string; index: number; amount: string; fee?: string; operation_type?: string } }

function v2(method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  return h.call(method, `/api/2${path}`, { auth: 'hs256-v2', ...options });
}

async function list(query: string, key?: TestKey): Promise<V2Tx[]> {
  const reply = await v2('GET', '/account/transactions', { query, key });
  expect(reply.status, reply.text).toBe(200);
  return reply.json as V2Tx[];
}

function expectError(reply: Reply, status: number, code: number, param: string): void {
  expect(reply.status, reply.text).toBe(status);
  expect(errorCode(reply)).toBe(code);
  expect(errorDescription(reply)).toMatch(new RegExp(`^${param}\\b`));
}

beforeAll(async () => {
  h = await startHarness();
  const account = h.accounts.find((a) => a.kind === 'sub' && a.status === 'active');
  if (!account) throw new Error('no active sub-account to seed');
  const created = await h.control('POST', '/sandbox/keys', { account: String(account.id), rights: ['PAY'], label: 'walker' });
  const key = created.json as { api_key: string; secret_key: string };
  walker = { label: 'walker', api_key: key.api_key, secret_key: key.secret_key, rights: ['PAY'] };
  const seeded = await h.control('POST', '/sandbox/seed-transactions', { account: String(account.id), count: SEEDED });
  expect(seeded.status, seeded.text).toBe(200);
  const master = await h.control('POST', '/sandbox/seed-transactions', { count: 1_500 });
  expect(master.status, master.text).toBe(200);
});
afterAll(async () => {
  await h.close();
});

describe('the v2 list over the v3 records', () => {
  it('defaults to 100 records, newest created first, each the v3 record in v2 words', async () => {
    const txs = await list('');
    expect(txs).toHaveLength(100);
    const created = txs.map((t) => Date.parse(t.createdAt));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    const v3 = (await h.call('GET', '/api/3/wallet/transactions', { query: 'limit=100' })).json as V3Tx[];
    expect(txs.map((t) => t.id)).toEqual(v3.map((t) => t.native.tx_id));
    for (const [i, tx] of txs.entries()) {
      const native = v3[i] as V3Tx;
      expect(tx).toMatchObject({ index: native.native.index, amount: native.native.amount, createdAt: native.created_at, updatedAt: native.updated_at });
      expect(tx.status).toBe({ CREATED: 'created', PENDING: 'pending', FAILED: 'failed', ROLLED_BACK: 'failed', SUCCESS: 'success' }[native.status]);
      expect(TYPES).toContain(tx.type);
      if (native.subtype === 'WALLET_TO_SPOT') expect(tx.type).toBe('bankToExchange');
      if (native.subtype === 'SPOT_TO_WALLET') expect(tx.type).toBe('exchangeToBank');
      if (native.type === 'SWAP') expect(tx.subType).toBe('swap');
      // A conversion's legs: the one paid in reads as a deposit, the one paid out as a withdrawal.
      if (native.type === 'SWAP') expect(tx.type).toBe(native.native.operation_type === 'deposit' ? 'deposit' : 'withdraw');
      if (native.subtype === 'OFFCHAIN') expect(tx.subType).toBe('offchain');
      if (native.type === 'DEPOSIT' && native.subtype === 'BLOCKCHAIN') expect(tx).toMatchObject({ type: 'payin', commitRisk: { score: expect.any(Number), rbf: false, lowFee: false } });
      expect(tx.fee).toMatch(/^\d+(\.\d+)?$/);
      if (native.native.fee !== undefined) expect(tx.fee).toBe(native.native.fee);
      expect(Array.isArray(tx.offchainId)).toBe(true);
      expect(tx.senders).toBeUndefined();
    }
  });

  it('lists both legs of every seeded conversion, one as deposit and one as withdraw, under one operation', async () => {
    const swaps = (await list('limit=1000', walker)).filter((t) => t.subType === 'swap');
    const v3 = (await h.call('GET', '/api/3/wallet/transactions', { key: walker, query: 'types=SWAP&limit=1000' })).json as Array<V3Tx & { operation_id: string }>;
    const operationOf = new Map(v3.map((t) => [t.native.tx_id, t.operation_id]));
    const legs = new Map<string, string[]>();
    for (const tx of swaps) {
      const operation = operationOf.get(tx.id);
      if (operation === undefined) continue;
      legs.set(operation, [...(legs.get(operation) ?? []), tx.type]);
    }
    const whole = [...legs.values()].filter((types) => types.length === 2);
    expect(whole.length).toBeGreaterThan(10);
    for (const types of whole) expect([...types].sort()).toEqual(['deposit', 'withdraw']);
  });

  it('shows senders of payins only with showSenders, and reads one record by its v2 id', async () => {
    const payins = (await list('limit=1000&showSenders=true')).filter((t) => t.type === 'payin');
    expect(payins.length).toBeGreaterThan(0);
    for (const tx of payins) expect(Array.isArray(tx.senders)).toBe(true);
    const first = payins[0] as V2Tx;
    const one = (await v2('GET', `/account/transactions/${first.id}`, { auth: 'basic' })).json as V2Tx;
    const { senders: _senders, ...withoutSenders } = first;
    expect(one).toEqual(withoutSenders);
    expectError(await v2('GET', '/account/transactions/00000000-0000-4000-a000-000000000000'), 400, 10001, 'id');
    // Another account's record is not found either.
    const theirs = (await list('limit=1', walker))[0] as V2Tx;
    expectError(await v2('GET', `/account/transactions/${theirs.id}`), 400, 10001, 'id');
  });

  it('filters by currency and bounds by creation time; an unknown currency is 2002', async () => {
    const eth = await list('currency=ETH&limit=50');
    expect(eth.length).toBeGreaterThan(0);
    for (const tx of eth) expect(tx.currency).toBe('ETH');
    const all = await list('limit=20&sort=ASC');
    const from = (all[5] as V2Tx).createdAt;
    const till = (all[10] as V2Tx).createdAt;
    const bounded = await list(`sort=ASC&from=${from}&till=${till}&limit=100`);
    // Inclusive bounds: a record sharing a bound's time (a conversion's two legs share theirs) is in.
    const within = all.filter((t) => Date.parse(t.createdAt) >= Date.parse(from) && Date.parse(t.createdAt) <= Date.parse(till));
    expect(within.length).toBeGreaterThanOrEqual(6);
    expect(bounded.map((t) => t.id)).toEqual(within.map((t) => t.id));
    const reply = await v2('GET', '/account/transactions', { query: 'currency=NOPE' });
    expect(reply.status).toBe(400);
    expect(errorCode(reply)).toBe(2002);
  });

  it('takes limit up to 1000 and offset up to 100000, refusing one more of each with 10001 naming it', async () => {
    expect(await list('limit=1000', walker)).toHaveLength(1000);
    expect(await list('offset=100000&limit=5')).toEqual([]);
    expectError(await v2('GET', '/account/transactions', { query: 'limit=1001' }), 400, 10001, 'limit');
    expectError(await v2('GET', '/account/transactions', { query: 'offset=100001' }), 400, 10001, 'offset');
    expectError(await v2('GET', '/account/transactions', { query: 'by=id' }), 400, 10001, 'by');
    expectError(await v2('GET', '/account/transactions', { query: 'by=index&from=2024-01-01T00:00:00Z' }), 400, 10001, 'from');
    expectError(await v2('GET', '/account/transactions', { query: 'showSenders=perhaps' }), 400, 10001, 'showSenders');
  });
});

describe('walking by index', () => {
  it(`reads a ${SEEDED}-record history exactly once, 1000 at a time, by from=<last index> and the offset of records already seen at it`, async () => {
    // Every record of the account, read independently by creation time and offsets.
    const expected = new Set<string>();
    for (let offset = 0; ; offset += 1000) {
      const page = await list(`by=timestamp&limit=1000&offset=${offset}`, walker);
      for (const tx of page) expected.add(tx.id);
      if (page.length < 1000) break;
    }
    expect(expected.size).toBeGreaterThanOrEqual(SEEDED);

    const seen: V2Tx[] = [];
    let from: number | undefined;
    let atFrom = 0;
    let pages = 0;
    for (;;) {
      const query = `by=index&sort=ASC&limit=1000${from === undefined ? '' : `&from=${from}&offset=${atFrom}`}`;
      const page = await list(query, walker);
      pages++;
      seen.push(...page);
      if (page.length < 1000) break;
      const last = (page[page.length - 1] as V2Tx).index;
      // Records at the last index already read: skipped next time by offset, so ties never repeat.
      atFrom = (last === from ? atFrom : 0) + page.filter((t) => t.index === last).length;
      from = last;
    }
    const indexes = seen.map((t) => t.index);
    expect([...indexes].sort((a, b) => a - b)).toEqual(indexes);
    expect(seen.length).toBe(expected.size);
    expect(new Set(seen.map((t) => t.id))).toEqual(expected);
    expect(pages).toBe(Math.floor(expected.size / 1000) + 1);
  });

  it('gives the same order on every read, ties broken the same way, and bounds by index inclusively', async () => {
    const first = await list('by=index&sort=ASC&limit=300', walker);
    const again = await list('by=index&sort=ASC&limit=300', walker);
    expect(again.map((t) => t.id)).toEqual(first.map((t) => t.id));
    const from = (first[100] as V2Tx).index;
    const till = (first[200] as V2Tx).index;
    const bounded = await list(`by=index&sort=ASC&from=${from}&till=${till}&limit=1000`, walker);
    expect(bounded.every((t) => t.index >= from && t.index <= till)).toBe(true);
    expect(bounded.map((t) => t.id)).toEqual(first.filter((t) => t.index >= from && t.index <= till).map((t) => t.id));
    const newestFirst = await list('by=index&limit=300', walker);
    expect(newestFirst.map((t) => t.index)).toEqual([...newestFirst.map((t) => t.index)].sort((a, b) => b - a));
  });
});
