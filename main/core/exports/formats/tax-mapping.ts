// How each kind of wallet transaction becomes a row of an accountant's import (Koinly universal,
// CoinTracking): THE one table both formats read, mirrored in the README. Only SUCCESS rows are
// written (any other status moved nothing). Moves inside the same account (wallet ↔ spot or
// derivatives, chain switches) are left out: no change of ownership, the same books; the
// manifest counts every row left out, per reason. The rules are tried in order; the first that
// applies decides.
import type { HistoryEntry } from '../../../../preload/contract/history';

export const EXCLUDED_REASONS = ['notSuccessful', 'internalTransfer', 'chainSwitch'] as const;
export type ExcludedReason = (typeof EXCLUDED_REASONS)[number];
export type ExcludedCounts = Record<ExcludedReason, number>;

export const noneExcluded = (): ExcludedCounts => ({ notSuccessful: 0, internalTransfer: 0, chainSwitch: 0 });

export type TaxHandling =
  | { kind: 'excluded'; reason: ExcludedReason }
  /** One-sided: money came in (received) or went out (sent, with its fee). */
  | { kind: 'received' | 'sent'; what: string; koinlyLabel: string; coinTrackingType: string }
  /** A swap leg: paired with the other leg of its operationId into one trade, or written alone. */
  | { kind: 'swapLeg'; coinTrackingType: 'Trade' }
  /** A spot trade's leg: grouped with the other legs of its operationId into one trade (trade-records.ts), or written alone. */
  | { kind: 'tradeLeg'; coinTrackingType: 'Trade' }
  /** A card purchase: one trade, the fiat paid against the crypto received. */
  | { kind: 'buyCrypto'; coinTrackingType: 'Trade' }
  /** A type this table does not know: written by its direction, so nothing silently disappears. */
  | { kind: 'byDirection' };

export interface TaxRule {
  /** The Coffer rows it covers, in words (the README's first column). */
  coffer: string;
  applies(entry: HistoryEntry): boolean;
  handling: TaxHandling;
}

const is = (type: string, subtype?: string) => (entry: HistoryEntry) =>
  entry.type === type && (subtype === undefined || entry.subtype === subtype);

const received = (what: string, koinlyLabel: string, coinTrackingType: string): TaxHandling => ({ kind: 'received', what, koinlyLabel, coinTrackingType });
const sent = (what: string, coinTrackingType = 'Withdrawal'): TaxHandling => ({ kind: 'sent', what, koinlyLabel: '', coinTrackingType });

export const TAX_RULES: readonly TaxRule[] = [
  { coffer: 'any status but SUCCESS', applies: (e) => e.status !== 'SUCCESS', handling: { kind: 'excluded', reason: 'notSuccessful' } },
  { coffer: 'CHAIN_SWITCH_FROM / CHAIN_SWITCH_TO', applies: (e) => e.subtype.startsWith('CHAIN_SWITCH_'), handling: { kind: 'excluded', reason: 'chainSwitch' } },
  { coffer: 'TRANSFER (wallet ↔ spot, wallet ↔ derivatives)', applies: is('TRANSFER'), handling: { kind: 'excluded', reason: 'internalTransfer' } },
  {
    coffer: "TRADE (a spot trade's legs sharing an operationId: paid, received, fee or rebate)",
    applies: is('TRADE'),
    handling: { kind: 'tradeLeg', coinTrackingType: 'Trade' },
  },
  { coffer: 'SWAP (two legs sharing an operationId)', applies: is('SWAP'), handling: { kind: 'swapLeg', coinTrackingType: 'Trade' } },
  {
    coffer: 'DEPOSIT BUY_CRYPTO with its purchase details',
    applies: (e) => is('DEPOSIT', 'BUY_CRYPTO')(e) && e.buyCrypto?.sourceAmount != null && e.buyCrypto.sourceCurrency != null,
    handling: { kind: 'buyCrypto', coinTrackingType: 'Trade' },
  },
  { coffer: 'DEPOSIT AIRDROP', applies: is('DEPOSIT', 'AIRDROP'), handling: received('airdrop', 'airdrop', 'Airdrop') },
  { coffer: 'DEPOSIT STAKING', applies: is('DEPOSIT', 'STAKING'), handling: received('staking reward', 'staking', 'Staking') },
  { coffer: 'DEPOSIT AFFILIATE', applies: is('DEPOSIT', 'AFFILIATE'), handling: received('affiliate reward', 'reward', 'Reward / Bonus') },
  { coffer: 'DEPOSIT SUB_ACCOUNT', applies: is('DEPOSIT', 'SUB_ACCOUNT'), handling: received('sub-account transfer in', '', 'Deposit') },
  { coffer: 'DEPOSIT, any other subtype', applies: is('DEPOSIT'), handling: received('deposit', '', 'Deposit') },
  { coffer: 'WITHDRAW SUB_ACCOUNT', applies: is('WITHDRAW', 'SUB_ACCOUNT'), handling: sent('sub-account transfer out') },
  { coffer: 'WITHDRAW, any subtype', applies: is('WITHDRAW'), handling: sent('withdrawal') },
  { coffer: 'any other type', applies: () => true, handling: { kind: 'byDirection' } },
];

export function taxHandling(entry: HistoryEntry): TaxHandling {
  for (const rule of TAX_RULES) if (rule.applies(entry)) return rule.handling;
  return { kind: 'byDirection' };
}
