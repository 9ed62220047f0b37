// History entries, summaries and a row source that answers from an array, for the history and
// review specs.
import type { HistoryEntry, HistoryFilter, HistorySummary } from '../../../../preload/contract/history';

export function entry(id: number, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: String(id),
    createdAt: new Date(Date.UTC(2026, 2, 1) + id * 60_000).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 2, 1) + id * 60_000).toISOString(),
    type: 'DEPOSIT',
    subtype: 'BLOCKCHAIN',
    status: 'SUCCESS',
    direction: 'in',
    currency: 'BTC',
    amount: '0.5',
    fee: null,
    network: 'BTC',
    address: `bc1qaddress${id}`,
    paymentId: null,
    hash: `hash${id}`,
    txId: null,
    operationId: null,
    offchainId: null,
    operationType: null,
    confirmations: 3,
    comment: null,
    buyCrypto: null,
    explorerUrl: null,
    ...overrides,
  };
}

export function summary(total: number, overrides: Partial<HistorySummary> = {}): HistorySummary {
  return {
    total,
    totals: [{ currency: 'BTC', count: total, in: '1.50000000', out: '0.25', fees: '0.0001', net: '1.2499' }],
    oldestAt: null,
    newestAt: null,
    facets: { currencies: ['BTC'], types: ['DEPOSIT'], subtypes: ['BLOCKCHAIN'], statuses: ['SUCCESS'], networks: ['BTC'] },
    ...overrides,
  };
}

/** Rows 0…total-1 as the store would answer a window of them (ids count down: newest first). */
export function windowOf(total: number, request: { offset: number; limit: number; filter: HistoryFilter }) {
  const rows: HistoryEntry[] = [];
  for (let index = request.offset; index < Math.min(total, request.offset + request.limit); index += 1) rows.push(entry(total - index));
  return { rows, total };
}
