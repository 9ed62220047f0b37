// Spot trades in every export format, from legs built as the store holds them, priced from a
// small table of closes: expected amounts and values are worked out by hand in the comments
// (quantity × price, amount × close), never by the code under test.
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../preload/contract/history';
import { accountantLines } from '../../../main/core/exports/formats/accountant-csv';
import { canonicalCsvLines } from '../../../main/core/exports/formats/canonical-csv';
import { jsonRowsLines } from '../../../main/core/exports/formats/json-rows';
import { noneExcluded } from '../../../main/core/exports/formats/tax-mapping';
import { RowPricer, type PriceTable } from '../../../main/core/exports/pricing/row-pricer';
import { CsvRecordParser } from '../../../main/core/exports/csv/records';
import { legsOf, type TradeSpec } from './trade-legs';

const DAY = String(Date.UTC(2025, 3, 2) / 86_400_000);
const PRICES: PriceTable = { valuationCurrency: 'USDT', daily: { BTC: { [DAY]: '60000' }, ETH: { [DAY]: '3000.5' } }, hourly: {} };
const source = { profileName: 'Desk', pricer: new RowPricer(PRICES) };

const trade = (id: number, fields: Omit<TradeSpec, 'id' | 'at'>, second: number): TradeSpec => ({
  id, ...fields, at: new Date(Date.UTC(2025, 3, 2, 10, 0, second)).toISOString(),
});
// Paid 0.5 × 64000.00 = 32000 USDT, fee 6.4 USDT.
const BUY = trade(1, { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', side: 'buy', quantity: '0.5', price: '64000.00', fee: '6.4', feeCurrency: 'USDT' }, 0);
// Received 2 × 0.05 = 0.1 BTC, a maker rebate of 0.00001 BTC.
const SELL_REBATE = trade(2, { symbol: 'ETHBTC', base: 'ETH', quote: 'BTC', side: 'sell', quantity: '2', price: '0.05', fee: '-0.00001', feeCurrency: 'BTC' }, 5);
// Paid 100 × 0.25 = 25 USDT for XYZ, which has no price; no fee.
const UNPRICED = trade(3, { symbol: 'XYZUSDT', base: 'XYZ', quote: 'USDT', side: 'buy', quantity: '100', price: '0.25', fee: '0', feeCurrency: 'USDT' }, 10);
// Only its received leg and its fee leg are in the export (the USDT leg filtered out).
const PARTIAL = trade(4, { symbol: 'ETHUSDT', base: 'ETH', quote: 'USDT', side: 'buy', quantity: '1', price: '3000', fee: '0.001', feeCurrency: 'ETH' }, 15);
// Received 0.01 × 61000 = 610 USDT, fee 0.61 USDT; legs arrive fee first.
const SELL = trade(5, { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', side: 'sell', quantity: '0.01', price: '61000', fee: '0.61', feeCurrency: 'USDT' }, 20);

const HISTORY: HistoryEntry[] = [
  ...legsOf(BUY), ...legsOf(SELL_REBATE), ...legsOf(UNPRICED), ...legsOf(PARTIAL, ['in', 'fee']), ...legsOf(SELL, ['fee', 'in', 'out']),
];

function parse(text: string): Record<string, string | null>[] {
  const rows: (string | null)[][] = [];
  const parser = new CsvRecordParser((cells) => rows.push(cells));
  parser.push(text);
  parser.end();
  const [header, ...body] = rows;
  return body.map((cells) => Object.fromEntries((header ?? []).map((name, i) => [name, cells[i] ?? null])));
}

/** The header names repeat in CoinTracking ("Cur."): its rows are read as plain cell lists. */
function cells(text: string): (string | null)[][] {
  const rows: (string | null)[][] = [];
  const parser = new CsvRecordParser((record) => rows.push(record));
  parser.push(text);
  parser.end();
  return rows.slice(1);
}

const lines = (format: 'koinly' | 'cointracking') => [...accountantLines(format, HISTORY, source, noneExcluded())].join('');

describe('Koinly universal rows of spot trades', () => {
  const rows = parse(lines('koinly'));

  it('writes a trade with its fee as one row, valued at the received side', () => {
    expect(rows[0]).toMatchObject({
      Date: '2025-04-02 10:00 UTC', 'Sent Amount': '32000', 'Sent Currency': 'USDT', 'Received Amount': '0.5', 'Received Currency': 'BTC',
      'Fee Amount': '6.4', 'Fee Currency': 'USDT', 'Net Worth Amount': '30000', 'Net Worth Currency': 'USDT', Label: null, // 0.5 × 60000
      Description: 'Desk: spot trade, operation trade-1 (Coffer trade-1-out + trade-1-in + trade-1-fee) — buy 0.5 BTCUSDT at 64000.00',
    });
  });

  it('writes a rebate as its own Received row labelled reward, not as a fee', () => {
    expect(rows[1]).toMatchObject({
      'Sent Amount': '2', 'Sent Currency': 'ETH', 'Received Amount': '0.1', 'Received Currency': 'BTC', 'Fee Amount': null,
      'Net Worth Amount': '6000', // 0.1 × 60000
    });
    expect(rows[2]).toMatchObject({
      'Sent Amount': null, 'Received Amount': '0.00001', 'Received Currency': 'BTC', Label: 'reward',
      'Net Worth Amount': '0.6', 'Net Worth Currency': 'USDT', // 0.00001 × 60000
    });
    expect(rows[2]?.Description).toContain('maker rebate of spot trade, operation trade-2 (Coffer trade-2-fee)');
  });

  it('values a trade whose received side has no price at its paid side, and says nothing is unknown', () => {
    expect(rows[3]).toMatchObject({ 'Sent Amount': '25', 'Received Amount': '100', 'Received Currency': 'XYZ', 'Net Worth Amount': '25', 'Net Worth Currency': 'USDT' });
    expect(rows[3]?.Description).not.toContain('unknown');
  });

  it('writes the legs of a trade whose partner is not in the export alone, and says so', () => {
    expect(rows[4]).toMatchObject({ 'Received Amount': '1', 'Received Currency': 'ETH', 'Net Worth Amount': '3000.5', Label: null });
    expect(rows[4]?.Description).toContain('lone trade leg of operation trade-4, its other legs are not in this export (Coffer trade-4-in)');
    expect(rows[5]).toMatchObject({ 'Sent Amount': '0.001', 'Sent Currency': 'ETH', Label: 'cost', 'Net Worth Amount': '3.0005' }); // 0.001 × 3000.5
  });

  it('pairs legs that arrive in any order', () => {
    expect(rows[6]).toMatchObject({
      'Sent Amount': '0.01', 'Sent Currency': 'BTC', 'Received Amount': '610', 'Received Currency': 'USDT', 'Fee Amount': '0.61', 'Fee Currency': 'USDT',
      'Net Worth Amount': '610',
    });
    expect(rows).toHaveLength(7);
  });
});

describe('CoinTracking rows of spot trades', () => {
  const rows = cells(lines('cointracking'));
  // Type, Buy, Cur., Sell, Cur., Fee, Cur., Exchange, Group, Comment, Date, Tx-ID, Buy Value, Sell Value
  const pick = (row: (string | null)[] | undefined) => row && [row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[8], row[11], row[12], row[13]];

  it('writes a trade as Trade: Buy the received leg, Sell the paid leg, its fee, both sides valued', () => {
    expect(pick(rows[0])).toEqual(['Trade', '0.5', 'BTC', '32000', 'USDT', '6.4', 'USDT', 'TRADE SPOT_BUY', 'trade-1-out + trade-1-in + trade-1-fee', '30000', '32000']);
  });

  it('writes a rebate as Reward / Bonus', () => {
    expect(pick(rows[1])).toEqual(['Trade', '0.1', 'BTC', '2', 'ETH', '', '', 'TRADE SPOT_SELL', 'trade-2-out + trade-2-in', '6000', '6001']); // 2 × 3000.5
    expect(pick(rows[2])).toEqual(['Reward / Bonus', '0.00001', 'BTC', '', '', '', '', 'TRADE TRADE_FEE', 'trade-2-fee', '0.6', '']);
  });

  it('leaves an unknown value empty and says why in the comment, never a zero', () => {
    expect(pick(rows[3])).toEqual(['Trade', '100', 'XYZ', '25', 'USDT', '', '', 'TRADE SPOT_BUY', 'trade-3-out + trade-3-in', '', '25']);
    expect(rows[3]?.[9]).toContain('[value unknown: no XYZ price in USDT for 2025-04-02]');
  });

  it('writes a lone fee leg as Other Fee', () => {
    expect(pick(rows[4])?.slice(0, 5)).toEqual(['Deposit', '1', 'ETH', '', '']);
    expect(pick(rows[5])?.slice(0, 5)).toEqual(['Other Fee', '', '', '0.001', 'ETH']);
  });
});

describe("Coffer's own files of spot trades", () => {
  const csv = parse([...canonicalCsvLines(HISTORY, source.pricer)].join(''));
  const json = JSON.parse([...jsonRowsLines(HISTORY, source.pricer)].join('')).rows as Array<Record<string, unknown>>;

  it('keeps one row per leg, marked as a trade with its symbol, side, quantity and price', () => {
    expect(csv).toHaveLength(HISTORY.length);
    expect(csv[0]).toMatchObject({
      id: 'trade-1-out', record: 'trade', trade_symbol: 'BTCUSDT', trade_side: 'buy', trade_quantity: '0.5', trade_price: '64000.00',
      trade_fee: null, amount: '32000', currency: 'USDT', value: '32000', value_currency: 'USDT', value_note: null,
    });
    expect(csv[2]).toMatchObject({ id: 'trade-1-fee', trade_fee: '6.4', trade_fee_currency: 'USDT', value: '6.4' });
  });

  it('shows a rebate as a negative fee, the service\'s sign, on a leg that came in', () => {
    expect(csv[5]).toMatchObject({ id: 'trade-2-fee', direction: 'in', amount: '0.00001', trade_fee: '-0.00001', trade_fee_currency: 'BTC', value: '0.6' });
  });

  it('leaves an unknown value empty with a note', () => {
    expect(csv[7]).toMatchObject({ id: 'trade-3-in', currency: 'XYZ', value: null, value_currency: 'USDT', value_note: 'unknown: no XYZ price in USDT for 2025-04-02' });
    expect(json[7]).toMatchObject({ id: 'trade-3-in', value: null, valueCurrency: 'USDT', valueNote: 'unknown: no XYZ price in USDT for 2025-04-02' });
  });

  it('carries the same trade details and values in the JSON rows', () => {
    expect(json[1]).toMatchObject({
      id: 'trade-1-in', record: 'trade', value: '30000', valueCurrency: 'USDT', valueNote: null,
      trade: { symbol: 'BTCUSDT', side: 'buy', quantity: '0.5', price: '64000.00', fee: null, feeCurrency: null },
    });
  });
});
