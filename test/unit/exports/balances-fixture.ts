// One day's balances as the portfolio answers them, for the balances export and review specs:
// exact decimals down to 1e-18, a negative amount, and a currency without a price whose name
// a spreadsheet would run as a formula.
import type { DateBalances } from '../../../preload/contract/portfolio';

export function fixtureBalances(overrides: Partial<DateBalances> = {}): DateBalances {
  return {
    day: '2026-08-31',
    closeAt: '2026-08-31T23:59:59.999Z',
    valuationCurrency: 'USDT',
    scope: 'all',
    rows: [
      { currency: 'BTC', amount: '1.23456789', price: '64000.12', value: '79012.4839234068' },
      { currency: 'ETH', amount: '0.000000000000000001', price: '2500', value: '0.0000000000000025' },
      { currency: '=HYPERLINK("x")', amount: '7', price: null, value: null },
      { currency: 'USDT', amount: '-0.5', price: '1', value: '-0.5' },
    ],
    totalValue: '79011.9839234068000025',
    unpriced: ['=HYPERLINK("x")'],
    notes: [],
    syncing: false,
    precision: {},
    ...overrides,
  };
}
