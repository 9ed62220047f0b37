// The history, oldest first, as the neutral rows both accountant formats spell (see
// tax-mapping.ts for which row becomes what). A swap's two legs arrive close together: a leg waits
// for the other leg of its operationId and the pair becomes one trade; a leg whose partner has
// not come within SWAP_PAIR_WINDOW_MS (or is not in the export at all, e.g. filtered out by
// currency) is written alone and said to be. Waiting legs are bounded by that window, so a
// million rows stream through in constant memory. A spot trade's legs (up to three) are grouped
// the same way by trade-records.ts.
import type { HistoryEntry } from '../../../../preload/contract/history';
import { taxHandling, type ExcludedCounts, type TaxHandling } from './tax-mapping';
import type { Money, TaxRecord } from './tax-record';
import { TradeLegGroups } from './trade-records';

export const SWAP_PAIR_WINDOW_MS = 10 * 60_000;

export type { Money, TaxRecord } from './tax-record';

const ZERO = /^-?0*\.?0*$/;

const feeOf = (entry: HistoryEntry): Money | null =>
  entry.fee === null || entry.fee === '' || ZERO.test(entry.fee) ? null : { amount: entry.fee, currency: entry.currency };

const money = (entry: HistoryEntry): Money => ({ amount: entry.amount, currency: entry.currency });

function base(entry: HistoryEntry, what: string): Pick<TaxRecord, 'at' | 'what' | 'ids' | 'group' | 'txHash' | 'comment' | 'fee'> {
  return { at: entry.createdAt, what, ids: [entry.id], group: `${entry.type} ${entry.subtype}`, txHash: entry.hash, comment: entry.comment, fee: feeOf(entry) };
}

function oneSided(entry: HistoryEntry, handling: Extract<TaxHandling, { kind: 'received' | 'sent' }>): TaxRecord {
  const incoming = handling.kind === 'received';
  // Spelled out rather than spread from base(): most rows are one-sided, and a spread per row costs.
  return {
    at: entry.createdAt, what: handling.what, ids: [entry.id], group: `${entry.type} ${entry.subtype}`, txHash: entry.hash,
    comment: entry.comment, fee: feeOf(entry),
    sent: incoming ? null : money(entry),
    received: incoming ? money(entry) : null,
    koinlyLabel: handling.koinlyLabel,
    coinTrackingType: handling.coinTrackingType,
  };
}

function byDirection(entry: HistoryEntry): TaxRecord {
  const what = `${entry.type.toLowerCase()} ${entry.subtype.toLowerCase()}`.trim();
  return entry.direction === 'in'
    ? oneSided(entry, { kind: 'received', what, koinlyLabel: '', coinTrackingType: 'Deposit' })
    : oneSided(entry, { kind: 'sent', what, koinlyLabel: '', coinTrackingType: 'Withdrawal' });
}

function buyCryptoTrade(entry: HistoryEntry): TaxRecord {
  const buy = entry.buyCrypto;
  const provider = buy?.provider ? ` via ${buy.provider}` : '';
  return {
    ...base(entry, `buy crypto${provider}`),
    sent: { amount: buy?.sourceAmount ?? '', currency: buy?.sourceCurrency ?? '' },
    received: money(entry),
    koinlyLabel: '',
    coinTrackingType: 'Trade',
  };
}

const isOutLeg = (leg: HistoryEntry) => (leg.operationType === null ? leg.direction === 'out' : leg.operationType === 'withdraw');

function swapTrade(first: HistoryEntry, second: HistoryEntry): TaxRecord {
  const [out, into] = isOutLeg(first) ? [first, second] : [second, first];
  return {
    at: out.createdAt,
    sent: money(out),
    received: money(into),
    fee: feeOf(out) ?? feeOf(into),
    koinlyLabel: '',
    coinTrackingType: 'Trade',
    what: `swap, operation ${out.operationId ?? ''}`,
    ids: [out.id, into.id],
    group: `${out.type} ${out.subtype}`,
    txHash: out.hash ?? into.hash,
    comment: out.comment ?? into.comment,
  };
}

function loneSwapLeg(leg: HistoryEntry): TaxRecord {
  const out = isOutLeg(leg);
  const what = `lone swap leg of operation ${leg.operationId ?? '(none)'}, its other leg is not in this export`;
  return oneSided(leg, out
    ? { kind: 'sent', what, koinlyLabel: '', coinTrackingType: 'Withdrawal' }
    : { kind: 'received', what, koinlyLabel: '', coinTrackingType: 'Deposit' });
}

/** The rows to write, in time order; `excluded` counts the rows left out, per reason. */
export function* taxRecords(entries: Iterable<HistoryEntry>, excluded: ExcludedCounts): Generator<TaxRecord> {
  const waiting = new Map<string, HistoryEntry>();
  const trades = new TradeLegGroups();
  for (const entry of entries) {
    if (trades.size > 0) yield* trades.flushStale(Date.parse(entry.createdAt));
    if (waiting.size > 0) yield* flushStale(waiting, Date.parse(entry.createdAt));
    const handling = taxHandling(entry);
    switch (handling.kind) {
      case 'excluded':
        excluded[handling.reason] += 1;
        break;
      case 'received':
      case 'sent':
        yield oneSided(entry, handling);
        break;
      case 'buyCrypto':
        yield buyCryptoTrade(entry);
        break;
      case 'byDirection':
        yield byDirection(entry);
        break;
      case 'swapLeg':
        yield* pairSwapLeg(waiting, entry);
        break;
      case 'tradeLeg':
        yield* trades.add(entry);
        break;
    }
  }
  yield* trades.flushAll();
  for (const leg of waiting.values()) yield loneSwapLeg(leg);
}

function* pairSwapLeg(waiting: Map<string, HistoryEntry>, leg: HistoryEntry): Generator<TaxRecord> {
  if (leg.operationId === null) {
    yield loneSwapLeg(leg);
    return;
  }
  const partner = waiting.get(leg.operationId);
  if (partner === undefined) {
    waiting.set(leg.operationId, leg);
    return;
  }
  waiting.delete(leg.operationId);
  if (isOutLeg(partner) === isOutLeg(leg)) {
    // Two legs the same way cannot be one trade: the earlier is alone, the later waits in its place.
    yield loneSwapLeg(partner);
    waiting.set(leg.operationId, leg);
    return;
  }
  yield swapTrade(partner, leg);
}

/** Legs waiting longer than the window before `now` (oldest first: a Map keeps insertion order). */
function* flushStale(waiting: Map<string, HistoryEntry>, now: number): Generator<TaxRecord> {
  for (const [operationId, leg] of waiting) {
    if (!(now - Date.parse(leg.createdAt) > SWAP_PAIR_WINDOW_MS)) return;
    waiting.delete(operationId);
    yield loneSwapLeg(leg);
  }
}
