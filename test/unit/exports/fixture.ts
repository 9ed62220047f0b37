// A small hand-written history, oldest first, that touches every rule of the exports: each type
// and subtype the accountant formats treat differently, a swap pair and a lone swap leg, a card
// purchase, both sides of a sub-account transfer, a failed withdrawal, cells a spreadsheet would
// run as formulas, quotes, a comma, a line break, non-ASCII text and an 18-decimal amount.
import type { HistoryEntry } from '../../../preload/contract/history';
import type { PriceTable } from '../../../main/core/exports/pricing/row-pricer';

let minute = 0;

function entry(fields: Partial<HistoryEntry> & Pick<HistoryEntry, 'id' | 'type' | 'subtype' | 'direction' | 'currency' | 'amount'>): HistoryEntry {
  minute += 7;
  const at = new Date(Date.UTC(2025, 2, 1, 8, minute, 0)).toISOString();
  return {
    createdAt: at,
    updatedAt: at,
    status: 'SUCCESS',
    fee: null,
    network: null,
    address: null,
    paymentId: null,
    hash: null,
    txId: `tx-${fields.id}`,
    operationId: null,
    offchainId: null,
    operationType: null,
    confirmations: null,
    comment: null,
    buyCrypto: null,
    explorerUrl: null,
    ...fields,
  };
}

export const FIXTURE_PROFILE = 'Treasury desk';

export const FIXTURE_HISTORY: readonly HistoryEntry[] = [
  entry({
    id: '1001', type: 'DEPOSIT', subtype: 'BLOCKCHAIN', direction: 'in', currency: 'BTC', amount: '0.50000000', network: 'BTC',
    address: 'bc1qexampledepositaddress0001', hash: 'a1'.repeat(32), confirmations: 6, comment: '=SUM(A1)',
  }),
  entry({
    id: '1002', type: 'WITHDRAW', subtype: 'BLOCKCHAIN', direction: 'out', currency: 'BTC', amount: '0.1', fee: '0.0005', network: 'BTC',
    address: 'bc1qexamplewithdrawaddress002', hash: 'b2'.repeat(32), confirmations: 3, comment: '+1',
  }),
  entry({
    id: '1003', type: 'WITHDRAW', subtype: 'BLOCKCHAIN', status: 'FAILED', direction: 'out', currency: 'ETH', amount: '2', fee: '0.002',
    network: 'ETH', address: '0x00000000000000000000000000000000000000e3', comment: '-2',
  }),
  entry({ id: '1004', type: 'DEPOSIT', subtype: 'AIRDROP', direction: 'in', currency: 'XYZ', amount: '100', comment: '@x' }),
  entry({
    id: '1005', type: 'DEPOSIT', subtype: 'STAKING', direction: 'in', currency: 'ETH', amount: '0.000000000000000001', comment: 'He said "hi"',
  }),
  entry({ id: '1006', type: 'DEPOSIT', subtype: 'AFFILIATE', direction: 'in', currency: 'USDT', amount: '12.5', comment: 'referral, March' }),
  entry({
    id: '1007', type: 'DEPOSIT', subtype: 'SUB_ACCOUNT', direction: 'in', currency: 'USDT', amount: '1000', offchainId: 'off-7',
    comment: 'line one\nline two', paymentId: '',
  }),
  entry({
    id: '1008', type: 'WITHDRAW', subtype: 'SUB_ACCOUNT', direction: 'out', currency: 'USDT', amount: '250', offchainId: 'off-8',
    comment: 'Zahlung für Café ☕ — 東京',
  }),
  entry({ id: '1009', type: 'TRANSFER', subtype: 'WALLET_TO_SPOT', direction: 'out', currency: 'USDT', amount: '50', comment: "'quoted already" }),
  entry({ id: '1010', type: 'TRANSFER', subtype: 'CHAIN_SWITCH_FROM', direction: 'out', currency: 'USDT', amount: '20', network: 'ETH' }),
  entry({
    id: '1011', type: 'SWAP', subtype: 'INSTANT_EXCHANGE', direction: 'out', currency: 'BTC', amount: '0.01', operationId: 'op-swap-1',
    operationType: 'withdraw', comment: '\tindented',
  }),
  entry({
    id: '1012', type: 'SWAP', subtype: 'INSTANT_EXCHANGE', direction: 'in', currency: 'ETH', amount: '0.25', operationId: 'op-swap-1',
    operationType: 'deposit', comment: '',
  }),
  entry({
    id: '1013', type: 'SWAP', subtype: 'INSTANT_EXCHANGE', direction: 'in', currency: 'USDC', amount: '99.9', operationId: 'op-swap-2',
    operationType: 'deposit',
  }),
  entry({
    id: '1014', type: 'DEPOSIT', subtype: 'BUY_CRYPTO', direction: 'in', currency: 'BTC', amount: '0.002', hash: 'c3'.repeat(32),
    buyCrypto: { provider: 'MoonPay', sourceCurrency: 'EUR', sourceAmount: '100.00', targetCurrency: 'BTC', targetAmount: '0.002', paymentMethod: 'card' },
  }),
  entry({ id: '1015', type: 'TRANSFER', subtype: 'SPOT_TO_WALLET', direction: 'in', currency: 'USDT', amount: '30' }),
];

const FIXTURE_DAY = String(Date.UTC(2025, 2, 1) / 86_400_000);
const FIXTURE_HOUR = String(Date.UTC(2025, 2, 1, 9) / 3_600_000);

/**
 * The closes the fixture's rows are valued with, in USDT: the day's close of BTC, ETH and USDC
 * (EUR and XYZ have none, so their rows say they are unpriced) and BTC's close of the 09:00 hour,
 * which the rows of that hour take instead of the day's.
 */
export const FIXTURE_PRICES: PriceTable = {
  valuationCurrency: 'USDT',
  daily: { BTC: { [FIXTURE_DAY]: '84000.5' }, ETH: { [FIXTURE_DAY]: '2200.25' }, USDC: { [FIXTURE_DAY]: '0.9998' } },
  hourly: { BTC: { [FIXTURE_HOUR]: '84100' } },
};
