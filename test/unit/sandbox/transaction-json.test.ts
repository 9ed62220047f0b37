// The transactions page written as JSON from rows read as arrays must be the very bytes
// JSON.stringify gives for toTransactionRecord's objects, for every kind of row and every order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type SandboxDb } from '../../../main/sandbox/db/open';
import { AccountRepository } from '../../../main/sandbox/db/accounts';
import {
  TX_ORDER_BY, TX_STATUSES, TX_SUBTYPES, TX_TYPES, TransactionRepository, type NewTx, type TxFilter,
} from '../../../main/sandbox/db/transactions';
import { insertHistory } from '../../../main/sandbox/seed/history';
import { TX_PAGE_COLUMNS, transactionsJson } from '../../../main/sandbox/wallet/transaction-json';
import { toTransactionRecord } from '../../../main/sandbox/wallet/transaction-record';

const NOW = Date.UTC(2026, 10, 24, 9, 30, 15, 7);
const COMMENTS = [
  'plain', 'café – naïve', 'emoji 🚀 and 中文', 'quote " and backslash \\', 'control \u0001\t\n\r', 'line sep \u2028\u2029',
  'lone surrogate \ud800 end', '</script>', '',
];
/** Times the ISO writer must get right: the epoch, day and year boundaries, the last four-digit
 * year, and outside that range (before 1970, after 9999) where toISOString's own form applies. */
const TIMES = [
  0, 999, 86_399_999, 86_400_000, Date.UTC(2024, 1, 29, 23, 59, 59, 999), Date.UTC(2025, 0, 1), NOW,
  253_402_300_799_999, -1, -86_400_001, 253_402_300_800_000,
];

let db: SandboxDb;
let repo: TransactionRepository;
let accountId: number;

function baseTx(i: number): NewTx {
  const time = TIMES[i % TIMES.length] as number;
  return {
    account_id: accountId, status: TX_STATUSES[i % TX_STATUSES.length] ?? 'SUCCESS', type: TX_TYPES[i % TX_TYPES.length] ?? 'DEPOSIT',
    subtype: TX_SUBTYPES[i % TX_SUBTYPES.length] ?? 'BLOCKCHAIN', created_at: time, updated_at: time + (i % 3), last_activity_at: NOW - i,
    operation_id: `op-${i}`, tx_id: `tx-${i}`, currency: i % 2 === 0 ? 'BTC' : 'USDT', network: null, amount: `${i}.${'0'.repeat(i % 9)}1`,
    fee: null, address: null, payment_id: null, hash: null, offchain_id: null, confirmations: null, required_confirmations: null,
    public_comment: null, error_code: null, senders: null, wallet_id: null, operation_type: null, meta: null, held: null,
    commit_deadline: null, broadcast_at: null,
  };
}

/** Every optional field both absent and present, with the metas the sandbox writes (swaps,
 * buy-crypto deposits) and stored JSON not in JSON.stringify's own form. */
function variedRows(): NewTx[] {
  const rows: NewTx[] = [];
  for (let i = 0; i < 240; i++) {
    const tx = baseTx(i);
    if (i % 2 === 1) {
      Object.assign(tx, {
        network: i % 3 === 0 ? 'BTC' : 'TRX', fee: '0.00012000', address: `addr-${i}`, payment_id: i % 4 === 1 ? `memo ${i}` : null,
        hash: `${i}`.padStart(64, 'a'), offchain_id: i % 5 === 1 ? `off-${i}` : null, confirmations: i % 7, required_confirmations: i % 5 === 0 ? null : 3 + (i % 4),
        public_comment: COMMENTS[i % COMMENTS.length], error_code: i % 6 === 1 ? 'INVALID_ADDRESS' : null, wallet_id: i % 8 === 1 ? `w-${i}` : null,
        operation_type: i % 10 === 1 ? 'withdraw' : null,
      });
    }
    // Long multi-byte comments outgrow the page buffer's first guess of bytes per row.
    if (i === 17 || i === 19) tx.public_comment = 'ü€🚀 '.repeat(20_000);
    if (i % 4 === 0) tx.senders = i % 8 === 0 ? '[]' : JSON.stringify([`sender ${COMMENTS[i % COMMENTS.length] ?? ''}`, 'bc1q']);
    if (i % 12 === 3) tx.senders = '[ "spaced" ,\n "senders" ]';
    tx.meta = metaFor(i);
    rows.push(tx);
  }
  // A blockchain deposit in each state of its confirmations, and one with its counts unknown.
  for (const [status, confirmations, required] of [['PENDING', 0, 3], ['PENDING', 2, 3], ['SUCCESS', 3, 3], ['PENDING', null, null], ['PENDING', 5, 0]] as const) {
    rows.push({ ...baseTx(rows.length), status, type: 'DEPOSIT', subtype: 'BLOCKCHAIN', confirmations, required_confirmations: required });
  }
  return rows;
}

function metaFor(i: number): string | null {
  switch (i % 6) {
    case 1: return JSON.stringify({ source_currency: 'BTC', target_currency: 'USDT', source_amount: '0.01000000', target_amount: '612.340000', rate: '61234' });
    case 2: return JSON.stringify({
      provider_name: 'Mercuryo', order_type: 'buy', source_currency: 'EUR', target_currency: 'ETH', wallet_address: `0x${i}`,
      tx_hash: 'ab'.repeat(32), source_amount: '100', target_amount: '0.031', status: 'completed', payment_method_type: 'card',
    });
    case 3: return JSON.stringify({ note: COMMENTS[i % COMMENTS.length], nested: { list: [1, 2.5, null, true], '10': 'numeric key' } });
    case 4: return i % 12 === 4 ? '{ "pretty": "\\u00e9" ,  "n": 1.0 }' : '{}';
    default: return null;
  }
}

beforeAll(() => {
  db = openDatabase(':memory:');
  accountId = new AccountRepository(db).insert({
    kind: 'master', parentId: null, email: 'm@example.com', username: 'master', externalId: 'x1', status: 'active',
    depositAddressGenerationEnabled: true, withdrawEnabled: true, description: '', createdAt: NOW, updatedAt: NOW,
  });
  repo = new TransactionRepository(db);
  for (const tx of variedRows()) repo.insert(tx);
  insertHistory(db, { accountId, count: 3_000, seed: 7, nowMs: NOW });
});
afterAll(() => db.close());

function expectSamePage(filter: TxFilter): number {
  const records = repo.list(filter).map(toTransactionRecord);
  const bytes = transactionsJson(repo.listRaw(filter, TX_PAGE_COLUMNS));
  const expected = JSON.stringify(records);
  expect(bytes.toString('utf8')).toBe(expected);
  expect(bytes.equals(Buffer.from(expected, 'utf8'))).toBe(true);
  return records.length;
}

const page = (changes: Partial<TxFilter>): TxFilter => ({ accountId, orderBy: 'created_at', sort: 'DESC', limit: 1000, offset: 0, ...changes });

describe('transactions page as JSON text', () => {
  it('writes the varied rows byte for byte as the records serialized', () => {
    const count = expectSamePage(page({ orderBy: 'id', sort: 'ASC', idTill: 245 }));
    expect(count).toBe(245);
    const parsed = JSON.parse(transactionsJson(repo.listRaw(page({ orderBy: 'id', sort: 'ASC', limit: 300 }), TX_PAGE_COLUMNS)).toString('utf8')) as { native: Record<string, unknown>; meta?: unknown; commit_risk?: unknown }[];
    // The set exercises what it claims: present and absent members, meta, senders, commit risk.
    expect(parsed.some((r) => r.meta === undefined) && parsed.some((r) => r.meta !== undefined)).toBe(true);
    expect(parsed.some((r) => r.native.public_comment === 'quote " and backslash \\')).toBe(true);
    expect(parsed.some((r) => Array.isArray(r.native.senders) && r.native.senders.length === 2)).toBe(true);
    expect(parsed.filter((r) => r.commit_risk !== undefined).length).toBeGreaterThan(5);
  });

  it('gives the same bytes for every order, sort, filter and window', () => {
    for (const orderBy of TX_ORDER_BY) {
      for (const sort of ['ASC', 'DESC'] as const) {
        expect(expectSamePage(page({ orderBy, sort }))).toBe(1000);
        expectSamePage(page({ orderBy, sort, offset: 2_500 }));
      }
    }
    expect(expectSamePage(page({ currencies: ['BTC'], statuses: ['SUCCESS', 'FAILED'] }))).toBeGreaterThan(0);
    expect(expectSamePage(page({ types: ['SWAP'], subtypes: ['INSTANT_EXCHANGE'], networks: ['BTC', 'TRX'] }))).toBeGreaterThanOrEqual(0);
    expect(expectSamePage(page({ orderBy: 'updated_at', from: NOW - 30 * 86_400_000, till: NOW, limit: 500 }))).toBe(500);
    expect(expectSamePage(page({ txIds: [1, 2, 3, 240, 999_999] }))).toBe(4);
    expect(expectSamePage(page({ idFrom: 5, idTill: 4 }))).toBe(0);
  });
});
