// A small portfolio as main would send it: five days with a gap (nothing priced on day 3), two
// snapshots of which one disagrees with the history, and notes of several kinds.
import type { CandleSeries, NetWorthHistory, PortfolioAllocation } from '../../../../preload/contract/portfolio';

export const colors = { text: '#333', grid: '#eee', line: '#4f7cff', snapshot: '#f2a33a', warning: '#e5576a', background: '#fff' };

export function netWorth(overrides: Partial<NetWorthHistory> = {}): NetWorthHistory {
  return {
    valuationCurrency: 'USDT',
    scope: 'master',
    range: '1W',
    points: [
      { day: '2026-03-01', value: '1000.5', unpriced: [], snapshotValue: null },
      { day: '2026-03-02', value: '1200.25', unpriced: [], snapshotValue: '1200.25' },
      { day: '2026-03-03', value: null, unpriced: ['XYZ'], snapshotValue: null },
      { day: '2026-03-04', value: '900', unpriced: [], snapshotValue: '950.125' },
      { day: '2026-03-05', value: '1100', unpriced: ['XYZ'], snapshotValue: null },
    ],
    currencies: [
      {
        currency: 'BTC',
        points: [
          { day: '2026-03-01', amount: '0.01', price: '50000', value: '500' },
          { day: '2026-03-02', amount: '0.012', price: '50000', value: '600' },
          { day: '2026-03-03', amount: '0.012', price: null, value: null },
          { day: '2026-03-04', amount: '0.00000001', price: '60000', value: '0.0006' },
          { day: '2026-03-05', amount: '0.02', price: '55000', value: '1100' },
        ],
      },
    ],
    disagreements: [{ day: '2026-03-04', takenAt: '2026-03-04T12:00:00.000Z', currency: 'BTC', snapshot: '0.015', reconstructed: '0.00000001' }],
    notes: [
      { kind: 'noPrice', message: 'No price for XYZ before 26 Aug', currency: 'XYZ', from: '2026-03-03', till: '2026-03-05' },
      { kind: 'snapshotsDisagree', message: 'A snapshot disagrees on 4 Mar.' },
      { kind: 'negative', message: '' },
    ],
    syncing: false,
    precision: { USDT: 2, BTC: 8 },
    asOf: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

export function allocation(overrides: Partial<PortfolioAllocation> = {}): PortfolioAllocation {
  return {
    valuationCurrency: 'USDT',
    scope: 'all',
    byCurrency: [
      { currency: 'USDT', amount: '1000', value: '1000' },
      { currency: 'BTC', amount: '0.5', value: '1000' },
      { currency: 'ETH', amount: '1', value: '1000' },
      { currency: 'XYZ', amount: '7', value: null },
    ],
    bySide: [{ side: 'wallet', value: '2000.01' }, { side: 'spot', value: '999.99' }],
    byAccount: [{ accountId: 'master', label: 'Master', value: '3000' }, { accountId: 'sub-1', label: 'Desk A', value: '0' }],
    totalValue: '3000',
    unvalued: ['XYZ'],
    missing: [{ accountId: 'sub-2', label: 'Desk B', reason: 'The service refused the read (403).' }],
    precision: { USDT: 2, BTC: 8, ETH: 8 },
    asOf: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

export function candles(): CandleSeries {
  return {
    symbol: 'BTCUSDT',
    period: 'H1',
    candles: [
      { at: '2026-03-05T08:00:00.000Z', open: '50000', close: '50100.5', high: '50200', low: '49900', volume: '1.5', volumeQuote: '75100' },
      { at: '2026-03-05T09:00:00.000Z', open: '50100.5', close: '50050', high: '50150', low: '50000', volume: '0.25', volumeQuote: '12520' },
    ],
  };
}
