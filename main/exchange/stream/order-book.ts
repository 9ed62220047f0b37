// A full order book kept by sequence number. Levels are parsed once on arrival and kept keyed by
// their normalised price text; a zero quantity removes the level. An update that skips a sequence number is a gap: the book is no
// longer trustworthy and must be rebuilt from a fresh snapshot.
import Decimal from '../decimal';
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
  private readonly asks = new Map<string, Level>();
  private readonly bids = new Map<string, Level>();

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

function applyLevels(side: Map<string, Level>, levels: unknown): void {
  for (const level of asArray(levels ?? [], 'levels')) {
    const [priceText, quantity] = asArray(level, 'level');
    if (typeof priceText !== 'string' || typeof quantity !== 'string') continue;
    const amount = new Decimal(quantity);
    const price = new Decimal(priceText);
    const key = price.toFixed();
    if (amount.isZero()) side.delete(key);
    else side.set(key, [price, amount]);
  }
}

function sorted(side: Map<string, Level>, direction: 1 | -1): Level[] {
  return [...side.values()].sort((left, right) => direction * left[0].comparedTo(right[0]));
}
