// A spot trade's legs as accountant rows. The store holds a trade as up to three legs sharing the
// operationId `trade-<id>` and the trade's timestamp: the leg paid (operationType 'withdraw',
// direction out), the leg received ('deposit', in) and, when the trade had a fee, the fee leg
// ('fee': out for a fee paid, in for a maker rebate). The legs wait for each other like a swap's
// two: a group is written once all three are there, or once a row later than TRADE_LEG_WINDOW_MS
// after it arrives (a trade without a fee has no third leg to wait for; its legs share one
// timestamp, so a short window holds few trades), or at the end. Paid and received become one
// trade with its fee; a leg whose partners are not in the export (filtered out) is written alone
// and said to be.
//
// A rebate is not a fee: Koinly's Fee column (and CoinTracking's) is a cost that lowers the
// trade's proceeds, and a negative one is not accepted. A rebate is money the exchange paid in,
// so it is its own row: Received, labelled `reward` in Koinly (income at its value, as the
// affiliate rewards are) and `Reward / Bonus` in CoinTracking; that row also carries it into the
// balance the importer reconciles against. A fee leg alone is Sent labelled `cost` (Koinly's
// label for a fee paid on its own) and CoinTracking's `Other Fee`.
import type { HistoryEntry } from '../../../../preload/contract/history';
import type { Money, TaxRecord } from './tax-record';

export const TRADE_LEG_WINDOW_MS = 1_000;

interface TradeLegs {
  out?: HistoryEntry;
  in?: HistoryEntry;
  fee?: HistoryEntry;
  atMs: number;
}

type Slot = 'out' | 'in' | 'fee';

const slotOf = (leg: HistoryEntry): Slot =>
  leg.operationType === 'fee' ? 'fee' : leg.operationType === 'withdraw' ? 'out' : leg.operationType === 'deposit' ? 'in' : leg.direction;

const money = (entry: HistoryEntry): Money => ({ amount: entry.amount, currency: entry.currency });

function leg(entry: HistoryEntry, what: string, side: 'sent' | 'received', koinlyLabel: string, coinTrackingType: string): TaxRecord {
  return {
    at: entry.createdAt, what, ids: [entry.id], group: `${entry.type} ${entry.subtype}`, txHash: entry.hash, comment: entry.comment, fee: null,
    sent: side === 'sent' ? money(entry) : null,
    received: side === 'received' ? money(entry) : null,
    koinlyLabel, coinTrackingType,
  };
}

const rebate = (fee: HistoryEntry, what: string) => leg(fee, what, 'received', 'reward', 'Reward / Bonus');

function loneLeg(entry: HistoryEntry, slot: Slot): TaxRecord {
  const what = `lone trade leg of operation ${entry.operationId ?? '(none)'}, its other legs are not in this export`;
  if (slot === 'fee') return entry.direction === 'in' ? rebate(entry, `trade rebate, ${what}`) : leg(entry, `trade fee, ${what}`, 'sent', 'cost', 'Other Fee');
  return slot === 'out' ? leg(entry, what, 'sent', '', 'Withdrawal') : leg(entry, what, 'received', '', 'Deposit');
}

/** The rows of one trade's legs as they came. */
function* groupRecords(legs: TradeLegs): Generator<TaxRecord> {
  const { out, in: into, fee } = legs;
  if (out === undefined || into === undefined) {
    for (const slot of ['out', 'in', 'fee'] as const) {
      const entry = legs[slot];
      if (entry !== undefined) yield loneLeg(entry, slot);
    }
    return;
  }
  const paidFee = fee !== undefined && fee.direction === 'out' ? fee : undefined;
  const ids = [out.id, into.id, ...(paidFee ? [paidFee.id] : [])];
  yield {
    at: out.createdAt,
    sent: money(out),
    received: money(into),
    fee: paidFee ? money(paidFee) : null,
    koinlyLabel: '',
    coinTrackingType: 'Trade',
    what: `spot trade, operation ${out.operationId ?? ''}`,
    ids,
    group: `${out.type} ${out.subtype}`,
    txHash: null,
    comment: out.comment ?? into.comment,
  };
  if (fee !== undefined && fee.direction === 'in') yield rebate(fee, `maker rebate of spot trade, operation ${fee.operationId ?? ''}`);
}

/** Trade legs waiting for their partners, oldest first (a Map keeps insertion order). */
export class TradeLegGroups {
  private readonly waiting = new Map<string, TradeLegs>();

  get size(): number {
    return this.waiting.size;
  }

  *add(entry: HistoryEntry): Generator<TaxRecord> {
    const slot = slotOf(entry);
    if (entry.operationId === null) {
      yield loneLeg(entry, slot);
      return;
    }
    let legs = this.waiting.get(entry.operationId);
    if (legs !== undefined && legs[slot] !== undefined) {
      // The same leg twice cannot be one trade: what waited is written as it is, the newer leg waits in its place.
      this.waiting.delete(entry.operationId);
      yield* groupRecords(legs);
      legs = undefined;
    }
    if (legs === undefined) {
      legs = { atMs: Date.parse(entry.createdAt) };
      this.waiting.set(entry.operationId, legs);
    }
    legs[slot] = entry;
    if (legs.out !== undefined && legs.in !== undefined && legs.fee !== undefined) {
      this.waiting.delete(entry.operationId);
      yield* groupRecords(legs);
    }
  }

  /** Groups waiting longer than the window before `nowMs`. */
  *flushStale(nowMs: number): Generator<TaxRecord> {
    for (const [operationId, legs] of this.waiting) {
      if (!(nowMs - legs.atMs > TRADE_LEG_WINDOW_MS)) return;
      this.waiting.delete(operationId);
      yield* groupRecords(legs);
    }
  }

  *flushAll(): Generator<TaxRecord> {
    for (const legs of this.waiting.values()) yield* groupRecords(legs);
    this.waiting.clear();
  }
}
