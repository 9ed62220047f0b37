// How one history entry reads: its type and subtype in words, its amount signed by direction
// exactly as recorded (decimal text throughout), long addresses and hashes shortened for a column.
import type { HistoryEntry } from '../../../../preload/contract/history';
import { formatMoney, type Precisions } from '../money/money-format';

const TYPES: Readonly<Record<string, string>> = {
  DEPOSIT: 'Deposit',
  WITHDRAW: 'Withdrawal',
  TRANSFER: 'Transfer',
  SWAP: 'Conversion',
  TRADE: 'Trade',
};

const SUBTYPES: Readonly<Record<string, string>> = {
  OFFCHAIN: 'Between users',
  SUB_ACCOUNT: 'Sub-account',
  WALLET_TO_SPOT: 'Wallet → spot',
  SPOT_TO_WALLET: 'Spot → wallet',
  WALLET_TO_DERIVATIVES: 'Wallet → derivatives',
  DERIVATIVES_TO_WALLET: 'Derivatives → wallet',
  BLOCKCHAIN: 'On chain',
  BUY_CRYPTO: 'Bought with a provider',
  SWAP: 'Conversion',
  SPOT_BUY: 'Spot buy',
  SPOT_SELL: 'Spot sell',
  TRADE_FEE: 'Trade fee',
};

/** "SUB_ACCOUNT" → "Sub account". */
function sentence(code: string): string {
  const text = code.toLowerCase().replace(/_/g, ' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

export function typeWords(type: string): string {
  return TYPES[type] ?? sentence(type);
}

export function subtypeWords(subtype: string): string {
  return SUBTYPES[subtype] ?? sentence(subtype);
}

/** "+0.50000000" received, "−11.1125" paid: the amount as recorded with the direction's sign. */
export function signedAmount(entry: Pick<HistoryEntry, 'amount' | 'currency' | 'direction'>, precisions: Precisions): string {
  const text = formatMoney(entry.amount, entry.currency, precisions);
  if (text === '—') return text;
  const unsigned = text.replace(/^-/, '');
  return `${entry.direction === 'out' ? '−' : '+'}${unsigned}`;
}

/** "0x5290…9EE7": long identifiers cut to their ends (a whole one is in the drawer). */
export function shortId(text: string | null, keep = 6): string {
  if (!text) return '—';
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
}

/** "2026-03-12 13:02:07 UTC", for the hover. */
export function utcTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** "1 record", "1,000,000 records". */
export function countText(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
