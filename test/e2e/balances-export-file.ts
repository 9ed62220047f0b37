// A day's balances written as a signed export in the test process, by a desk the reviewer has
// never seen (its own fresh key): what a reviewer is handed to check a year-end statement.
import type { DateBalances } from '../../preload/contract/portfolio';
import { runBalancesExport } from '../../main/core/exports/balances-export';
import { signerOf, testKey } from '../unit/exports/signed-export';

const YEAR_END: DateBalances = {
  day: '2025-12-31',
  closeAt: '2025-12-31T23:59:59.999Z',
  valuationCurrency: 'USDT',
  scope: 'all',
  rows: [
    { currency: 'BTC', amount: '3.84512907', price: '93512.44', value: '359568.8347826508' },
    { currency: 'ETH', amount: '41.250000000000000001', price: '3391.07', value: '139881.63750000000000339107' },
    { currency: 'USDT', amount: '185220.480312', price: '1', value: '185220.480312' },
    { currency: 'XRP', amount: '-12.5', price: '2.0841', value: '-26.05125' },
    { currency: 'LTC', amount: '0.00000001', price: null, value: null },
  ],
  totalValue: '684644.90114565080000339107',
  unpriced: ['LTC'],
  notes: [],
  syncing: false,
  precision: {},
};

/** The export's path in `folder`. */
export async function balancesExportFile(folder: string): Promise<string> {
  const result = await runBalancesExport(
    { balances: YEAR_END, folder, profileName: 'Year-end desk', account: 'https://api.example.test (API v3)' },
    { signer: signerOf(testKey()), appVersion: '0.1.0' },
  );
  return result.path;
}

export const YEAR_END_ROWS = YEAR_END.rows.length;
