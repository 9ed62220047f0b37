// A full order book kept by sequence number. Levels are keyed by the price text as sent; a zero
// quantity removes the level. An update that skips a sequence number is a gap: the book is no
// longer trustworthy and must be rebuilt from a fresh snapshot.
import Decimal from '../../../preload/contract/decimal';
import { asArray } from '../json';

export type Level = readonly [price: Decimal, quantity: Decimal];

export interface BookView {
  symbol: string;
  sequence: number;
  timestamp: number;
  asks: Level[];
  bids: Level[];
}

export interface BookMessage {
  s: number;
  t: number;
  a: unknown;
  b: unknown;
}

export const UPDATE_OUTCOMES = ['applied', 'stale', 'gap', 'awaiting-snapshot'] as const;
export type UpdateOutcome = (typeof UPDATE_OUTCOMES)[number];

export class OrderBook {
  private sequence: number | undefined;
  private timestamp = 0;
  private readonly asks = new Map<string, Decimal>();
  private readonly bids = new Map<string, Decimal>();

  constructor(readonly symbol: string) {}

  get synced(): boolean {
    return this.sequence !== undefined;
  }

  applySnapshot(message: BookMessage): void {
    this.asks.clear();
    this.bids.clear();
    applyLevels(this.asks, message.a);
    applyLevels(this.bids, message.b);
    this.sequence = message.s;
    this.timestamp = message.t;
  }

  applyUpdate(message: BookMessage): UpdateOutcome {
    if (this.sequence === undefined) return 'awaiting-snapshot';
    if (message.s <= this.sequence) return 'stale';
    if (message.s !== this.sequence + 1) {
      this.sequence = undefined;
      return 'gap';
    }
    applyLevels(this.asks, message.a);
    applyLevels(this.bids, message.b);
    this.sequence = message.s;
    this.timestamp = message.t;
    return 'applied';
  }

  /** Forget the book until the next snapshot. */
  invalidate(): void {
    this.sequence = undefined;
  }

  view(depth = Number.POSITIVE_INFINITY): BookView {
    return {
      symbol: this.symbol,
      sequence: this.sequence ?? -1,
      timestamp: this.timestamp,
      asks: sorted(this.asks, 1).slice(0, depth),
      bids: sorted(this.bids, -1).slice(0, depth),
    };
  }
}

function applyLevels(side: Map<string, Decimal>, levels: unknown): void {
  for (const level of asArray(levels ?? [], 'levels')) {
    const [price, quantity] = asArray(level, 'level');
    if (typeof price !== 'string' || typeof quantity !== 'string') continue;
    const amount = new Decimal(quantity);
    const key = new Decimal(price).toFixed();
    if (amount.isZero()) side.delete(key);
    else side.set(key, amount);
  }
}

function sorted(side: Map<string, Decimal>, direction: 1 | -1): Level[] {
  return [...side.entries()]
    .map(([price, quantity]) => [new Decimal(price), quantity] as const)
    .sort((left, right) => direction * left[0].comparedTo(right[0]));
}
