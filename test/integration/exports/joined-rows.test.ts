// The lines a line helper spells from each row's joined text, against canonicalCsvLine and
// jsonRowLine of the same row read back as its entry, over a real store on disk: one row per odd
// value in each field (quotes, commas, line breaks, formula starts, empty text, NUL and other
// control characters, backslashes, non-ASCII, negative and long amounts), trade legs,
// buy-crypto details, confirmations of every kind, priced and unpriced rows. Every line, the
// block's figures and the withdrawals must be the same; ordinary rows must not be read twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../preload/contract/history';
import { entriesByRid, joinedLines } from '../../../main/core/exports/blocks/joined-rows';
import { noBlockStats } from '../../../main/core/exports/blocks/plan';
import { canonicalCsvLine } from '../../../main/core/exports/formats/canonical-csv';
import { jsonRowLine } from '../../../main/core/exports/formats/json-rows';
import { RowPricer, type PriceTable } from '../../../main/core/exports/pricing/row-pricer';
import { isWithdrawalRow } from '../../../main/core/exports/team-proofs';
import { createHistoryQuery, insertEntries } from '../../../main/core/history/query';
import { applyHistorySchema, DAY_MS } from '../../../main/core/history/schema';

const START_MS = Date.UTC(2024, 2, 1);
const ODD_TEXTS = [
  '', '"quoted"', 'a,b', 'line\nbreak', 'cr\rhere', '\tlead', '=SUM(A1)', '+1', '-2', '@cmd', "'apos", 'NUL\u0000in', 'unit\u001fsep',
  'ctl\u0001x', 'back\\slash', 'Zürich €', 'emoji 😀', 'spaced out', ' lead space',
];
/** The store takes only decimals (rows.ts): negative, long, whole. */
const ODD_AMOUNTS = ['1', '0.5', '-2', '-0.001', '007', '12345678901234567890.123456789012345678901'];
const TEXT_FIELDS = ['subtype', 'status', 'type', 'currency', 'network', 'address', 'paymentId', 'hash', 'txId', 'operationId', 'offchainId', 'operationType', 'comment', 'updatedAt'] as const;

let nextId = 5_000_000;
function row(changes: Partial<HistoryEntry>, minute: number): HistoryEntry {
  const at = new Date(START_MS + minute * 60_000 * 97).toISOString();
  return {
    id: String((nextId += 1)), createdAt: at, updatedAt: at, type: 'DEPOSIT', subtype: 'BLOCKCHAIN', status: 'SUCCESS', direction: 'in',
    currency: 'BTC', amount: '0.25', fee: null, network: 'BTC', address: 'bc1qaddress', paymentId: null, hash: 'ab'.repeat(32),
    txId: 'f0e1d2c3-b4a5-4697-8899-aabbccddeeff', operationId: 'op-1', offchainId: null, operationType: null, confirmations: 3,
    comment: null, buyCrypto: null, explorerUrl: null, ...changes,
  };
}

function oddRows(): HistoryEntry[] {
  const rows: HistoryEntry[] = [];
  const add = (changes: Partial<HistoryEntry>) => rows.push(row(changes, rows.length));
  for (let i = 0; i < 40; i += 1) add(i % 3 === 0 ? { type: 'WITHDRAW', direction: 'out', fee: '0.0001' } : {});
  for (const field of TEXT_FIELDS) for (const text of ODD_TEXTS) add({ [field]: text });
  for (const text of ODD_TEXTS) add({ id: `${text}${rows.length}` });
  for (const amount of ODD_AMOUNTS) {
    add({ amount });
    add({ fee: amount });
  }
  for (const confirmations of [null, 0, 7, -1, 3.5, 2 ** 60]) add({ confirmations });
  add({ type: 'TRADE', subtype: 'SPOT_BUY', operationType: 'fee', comment: 'buy 0.5 BTC/USDT at 64000.5', direction: 'out', amount: '0.001' });
  add({ type: 'TRADE', subtype: 'SPOT_SELL', comment: 'sell 2 ETH/USDT at 3000' });
  add({ type: 'withdraw', direction: 'out' });
  add({ buyCrypto: { provider: 'MoonPay', sourceCurrency: 'EUR', sourceAmount: '100.50', targetCurrency: 'BTC', targetAmount: '0.0015', paymentMethod: 'card' } });
  add({ buyCrypto: { provider: '=evil', sourceCurrency: 'E,UR', sourceAmount: '-1', targetCurrency: 'B"TC', targetAmount: null, paymentMethod: 'back\\slash' } });
  add({ buyCrypto: { provider: null, sourceCurrency: null, sourceAmount: null, targetCurrency: null, targetAmount: null, paymentMethod: null } });
  add({ currency: 'USDT', amount: '12.5' });
  return rows;
}

/** BTC has a price on the first day only: rows after it are unpriced. */
const prices: PriceTable = { valuationCurrency: 'USDT', daily: { BTC: { [String(START_MS / DAY_MS)]: '64000.25' } }, hourly: {} };
const root = mkdtempSync(join(tmpdir(), 'coffer-joined-rows-'));
const dbPath = join(root, 'history.db');
let rows: HistoryEntry[];

beforeAll(() => {
  const db = new Database(dbPath);
  applyHistorySchema(db);
  insertEntries(db, oddRows());
  const query = createHistoryQuery(db);
  rows = [...query.iterate({})];
  db.close();
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.each(['csv', 'json'] as const)('%s lines from joined rows', (format) => {
  it.each([true, false])('are the lines of each row spelled from its entry (priced: %s)', (priced) => {
    const db = new Database(dbPath, { readonly: true });
    const lookups = new Database(dbPath, { readonly: true });
    try {
      const byRid = entriesByRid(lookups);
      let readTwice = 0;
      const pricer = priced ? new RowPricer(prices) : undefined;
      const withdrawals = new Set<string>();
      const stats = noBlockStats();
      const source = { query: createHistoryQuery(db), entry: (rid: number) => ((readTwice += 1), byRid(rid)), filter: {}, format, pricer, withdrawals };
      const lines = [...joinedLines(source, { fromMs: undefined, tillMs: undefined }, stats)];

      const expectedPricer = priced ? new RowPricer(prices) : undefined;
      const expected = rows.map((entry) => (format === 'json' ? jsonRowLine(entry, expectedPricer) + ',\n' : canonicalCsvLine(entry, expectedPricer)));
      expect(lines).toHaveLength(expected.length);
      for (let i = 0; i < expected.length; i += 1) expect(lines[i], `row ${i}: ${JSON.stringify(rows[i])}`).toBe(expected[i]);
      expect(stats.rows).toBe(rows.length);
      expect(stats.oldest).toBe(rows[0]?.createdAt);
      expect(stats.newest).toBe(rows.at(-1)?.createdAt);
      expect(pricer?.unpriced).toBe(expectedPricer?.unpriced);
      if (priced) expect(pricer?.unpriced).toBeGreaterThan(0);
      expect([...withdrawals].sort()).toEqual(rows.filter(isWithdrawalRow).map((entry) => entry.id).sort());
      // The ordinary rows (the first forty) are spelled from their joined text; odd ones are read again.
      expect(readTwice).toBeGreaterThan(20);
      expect(readTwice).toBeLessThan(rows.length - 40);
    } finally {
      db.close();
      lookups.close();
    }
  });
});
