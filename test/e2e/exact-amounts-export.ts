// A signed history export made in the test process, holding an LTC withdrawal of 11.1125 beside
// LTC rows whose totals have only three decimals (a completed 0.0005 withdrawal makes money out
// 11.113): a screen that took a currency's decimals from the totals would show −11.113. A failed
// withdrawal gives the status filter something to leave out.
import type { HistoryEntry } from '../../preload/contract/history';
import { makeExport, testKey } from '../unit/exports/signed-export';

export const EXACT_ID = 'ltc-exact';
export const EXACT_AMOUNT = '11.1125';
/** The manifest's creation time, fixed by makeExport. */
export const EXPORT_CREATED_AT = '2025-03-02T10:00:00.000Z';

function row(fields: Pick<HistoryEntry, 'id' | 'type' | 'direction' | 'currency' | 'amount' | 'createdAt'> & Partial<HistoryEntry>): HistoryEntry {
  return {
    updatedAt: fields.createdAt, subtype: 'BLOCKCHAIN', status: 'SUCCESS', fee: null, network: fields.currency, address: null, paymentId: null,
    hash: null, txId: `tx-${fields.id}`, operationId: null, offchainId: null, operationType: null, confirmations: null, comment: null,
    buyCrypto: null, explorerUrl: null, ...fields,
  };
}

const ROWS: readonly HistoryEntry[] = [
  row({ id: 'ltc-in', type: 'DEPOSIT', direction: 'in', currency: 'LTC', amount: '25', createdAt: '2025-03-01T08:00:00.000Z' }),
  row({ id: 'btc-in', type: 'DEPOSIT', direction: 'in', currency: 'BTC', amount: '0.0123', createdAt: '2025-03-01T09:00:00.000Z' }),
  row({ id: EXACT_ID, type: 'WITHDRAW', direction: 'out', currency: 'LTC', amount: EXACT_AMOUNT, fee: '0.001', address: 'ltc1qexactamount', createdAt: '2025-03-01T10:00:00.000Z' }),
  row({ id: 'ltc-small', type: 'WITHDRAW', direction: 'out', currency: 'LTC', amount: '0.0005', createdAt: '2025-03-01T11:00:00.000Z' }),
  row({ id: 'ltc-failed', type: 'WITHDRAW', status: 'FAILED', direction: 'out', currency: 'LTC', amount: '2', createdAt: '2025-03-01T12:00:00.000Z' }),
];

/** The export's path (a scratch folder of this process). */
export function exactAmountsExport(): Promise<string> {
  return makeExport(testKey(), 'csv', ROWS);
}
