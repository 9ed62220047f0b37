// Simulated order book: price levels on a fixed grid around the last trade price, each level's
// quantity a pure function of (seed, symbol, grid index, epoch). Levels re-roll their quantity
// every few seconds with staggered phases, so consecutive books differ by a handful of levels and
// the book moves with the price.
import * as random from './hash';
// Hot loops call local bindings: transpiled imports are property getters, costly per call.
const { hash4, unit } = random;
import type { SymbolModel } from './model';

export const BOOK_TICK_MS = 100;
export const BOOK_LEVELS = 150;
const REROLL_TICKS = 30;

export interface BookSide {
  /** Prices in ticks: asks ascending, bids descending. */
  price: number[];
  /** Quantities in quantity increments; 0 marks a removed level in an update. */
  qty: number[];
}

export interface Book {
  /** Book tick (time / BOOK_TICK_MS). */
  tick: number;
  time: number;
  asks: BookSide;
  bids: BookSide;
}

export function gridStep(model: SymbolModel): number {
  return Math.max(1, Math.round(model.refTicks * 0.0001));
}

function levelQty(model: SymbolModel, seed: number, side: 0 | 1, grid: number, tick: number): number {
  const phase = hash4(seed, model.stream + 0x30000, grid, side) % REROLL_TICKS;
  const epoch = Math.floor((tick + phase) / REROLL_TICKS);
  const u = unit(hash4(seed, model.stream + 0x40000 + side, grid, epoch));
  return Math.max(1, Math.round(model.lotUnits * (0.2 + 4 * u * u)));
}

/** The book at a tick around `midTicks` (the last trade price at that moment). */
export function bookAt(model: SymbolModel, seed: number, tick: number, midTicks: number): Book {
  const step = gridStep(model);
  const asks: BookSide = { price: [], qty: [] };
  const bids: BookSide = { price: [], qty: [] };
  const firstAsk = Math.floor(midTicks / step) + 1;
  const firstBid = Math.ceil(midTicks / step) - 1;
  for (let i = 0; i < BOOK_LEVELS; i += 1) {
    asks.price.push((firstAsk + i) * step);
    asks.qty.push(levelQty(model, seed, 0, firstAsk + i, tick));
    if (firstBid - i > 0) {
      bids.price.push((firstBid - i) * step);
      bids.qty.push(levelQty(model, seed, 1, firstBid - i, tick));
    }
  }
  return { tick, time: tick * BOOK_TICK_MS, asks, bids };
}

/** Levels that changed from `before` to `after`, removed ones with quantity 0, in book order. */
export function diffSide(before: BookSide, after: BookSide, ascending: boolean): BookSide {
  // Both sides are sorted the same way: one merge pass finds additions, removals and changes.
  const out: BookSide = { price: [], qty: [] };
  const first = (a: number, b: number): boolean => (ascending ? a < b : a > b);
  let i = 0;
  let j = 0;
  while (i < before.price.length || j < after.price.length) {
    const old = before.price[i];
    const now = after.price[j];
    if (now === undefined || (old !== undefined && first(old, now))) {
      out.price.push(old as number);
      out.qty.push(0);
      i += 1;
    } else if (old === undefined || first(now, old)) {
      out.price.push(now);
      out.qty.push(after.qty[j] as number);
      j += 1;
    } else {
      if (before.qty[i] !== after.qty[j]) {
        out.price.push(now);
        out.qty.push(after.qty[j] as number);
      }
      i += 1;
      j += 1;
    }
  }
  return out;
}

/** Top `depth` levels (0 = all), or, when `volume` is given, levels until that much is covered. */
export function cutSide(side: BookSide, depth: number, volumeUnits?: number): BookSide {
  let n = side.price.length;
  if (volumeUnits !== undefined) {
    let covered = 0;
    n = 0;
    while (n < side.price.length && covered < volumeUnits) covered += side.qty[n++] as number;
  } else if (depth > 0) {
    n = Math.min(depth, n);
  }
  return { price: side.price.slice(0, n), qty: side.qty.slice(0, n) };
}
