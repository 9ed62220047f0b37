// One symbol's simulated tape. Its price is the ratio of the hidden walks of its base and quote
// currencies (so crosses such as ETHBTC and BTCEUR stay consistent with the USDT pairs), and each
// minute holds 4 to 16 trades that wander from the previous minute's close to this minute's close.
// Everything is a pure function of (seed, symbol, minute): minutes are recomputed, never stored
// as state, and summaries are cached in aligned chunks.
import Decimal from '../decimal';
import { CURRENCIES, type SymbolDef } from '../catalog';
import * as random from './hash';
// Hot loops call local bindings: transpiled imports are property getters, costly per call.
const { bell, hash4, unit } = random;
const { CHUNK_MINUTES, walkChunk } = latentWalk;
import * as latentWalk from './latent';
import type { WalkParams } from './latent';
import { scaleOf, productScale, type Scale } from './units';

export const MAX_TRADES_PER_MINUTE = 16;
/** Trade ids are minute × 32 + index within the minute: increasing with time, unique. */
export const ID_STRIDE = 32;
const MAX_TICKS = 2 ** 31 - 1;
const MINUTE_MS = 60_000;

/** Daily volatility of each currency's USDT value; unknown currencies get a crypto default. */
const DAILY_VOL: Record<string, number> = {
  BTC: 0.03, ETH: 0.04, USDT: 0, USDC: 0.0005, XRP: 0.05, TRX: 0.04, LTC: 0.045, DOGE: 0.06, SOL: 0.055, EUR: 0.004,
};

export function walkOf(code: string): WalkParams {
  const stream = CURRENCIES.findIndex((c) => c.code === code);
  const dailyVol = DAILY_VOL[code] ?? 0.04;
  return { stream: stream < 0 ? 999 : stream, dailyVol, cap: dailyVol * 1.5 };
}

/** Reusable buffers for one minute's trades (the hot path allocates nothing). */
export class MinuteTrades {
  count = 0;
  readonly time = new Float64Array(MAX_TRADES_PER_MINUTE);
  readonly price = new Float64Array(MAX_TRADES_PER_MINUTE);
  readonly qty = new Float64Array(MAX_TRADES_PER_MINUTE);
  readonly buy = new Uint8Array(MAX_TRADES_PER_MINUTE);
}

/** Summary of complete minutes of one aligned chunk. */
export interface ChunkSummary {
  open: Int32Array;
  high: Int32Array;
  low: Int32Array;
  close: Int32Array;
  volume: Float64Array;
  quote: Float64Array;
}

export class LatentCache {
  private readonly chunks = new Map<string, Float64Array>();

  constructor(private readonly seed: number, private readonly limit = 64) {}

  get(walk: WalkParams, chunk: number): Float64Array {
    const key = `${walk.stream}:${chunk}`;
    let values = this.chunks.get(key);
    if (values) return values;
    values = walkChunk(this.seed, walk, chunk);
    this.chunks.set(key, values);
    if (this.chunks.size > this.limit) this.chunks.delete(this.chunks.keys().next().value as string);
    return values;
  }
}

export class SymbolModel {
  readonly price: Scale;
  readonly quantity: Scale;
  readonly quoteVolume: Scale;
  /** Reference price in ticks (model parameter, not an amount on any boundary). */
  readonly refTicks: number;
  /** Typical trade size in quantity increments (about 2 000 USDT). */
  readonly lotUnits: number;
  private readonly base: WalkParams;
  private readonly quoteWalk: WalkParams;
  private readonly summaries = new Map<number, ChunkSummary>();
  private readonly scratch = new MinuteTrades();

  constructor(
    readonly def: SymbolDef,
    readonly stream: number,
    private readonly seed: number,
    private readonly latent: LatentCache,
  ) {
    this.price = scaleOf(def.tickSize);
    this.quantity = scaleOf(def.quantityIncrement);
    this.quoteVolume = productScale(this.price, this.quantity);
    const baseUsdt = referenceUsdt(def.baseCurrency);
    this.refTicks = baseUsdt.div(referenceUsdt(def.quoteCurrency)).div(def.tickSize).toNumber();
    this.lotUnits = Math.max(1, new Decimal(2000).div(baseUsdt).div(def.quantityIncrement).round().toNumber());
    this.base = walkOf(def.baseCurrency);
    this.quoteWalk = walkOf(def.quoteCurrency);
  }

  /** Price in ticks at the start of a minute (the close of the minute before). */
  pointTicks(minute: number): number {
    const chunk = Math.floor(minute / CHUNK_MINUTES);
    return this.ticksAt(chunk, minute - chunk * CHUNK_MINUTES);
  }

  private ticksAt(chunk: number, offset: number): number {
    const base = this.latent.get(this.base, chunk)[offset] as number;
    const quote = this.quoteWalk.dailyVol === 0 ? 0 : (this.latent.get(this.quoteWalk, chunk)[offset] as number);
    return this.toTicks(base - quote);
  }

  private toTicks(logOffset: number): number {
    return Math.min(MAX_TICKS, Math.max(1, Math.round(this.refTicks * Math.exp(logOffset))));
  }

  /** Prices in ticks at every minute boundary of a chunk (CHUNK_MINUTES + 1 points). */
  private chunkPoints(chunk: number): Float64Array {
    const base = this.latent.get(this.base, chunk);
    const quote = this.quoteWalk.dailyVol === 0 ? undefined : this.latent.get(this.quoteWalk, chunk);
    const out = new Float64Array(CHUNK_MINUTES + 1);
    for (let i = 0; i <= CHUNK_MINUTES; i += 1) out[i] = this.toTicks((base[i] as number) - (quote?.[i] ?? 0));
    return out;
  }

  /** All trades of a minute, into `out` (or the shared scratch buffer). */
  tradesOf(minute: number, out: MinuteTrades = this.scratch): MinuteTrades {
    return this.generate(minute, this.pointTicks(minute), this.pointTicks(minute + 1), out);
  }

  private generate(minute: number, open: number, close: number, out: MinuteTrades): MinuteTrades {
    const n = 4 + (hash4(this.seed, this.stream, minute, 0x7a11) % 13);
    const sigma = close * 0.0004;
    let previous = open;
    for (let k = 0; k < n; k += 1) {
      const h = hash4(this.seed, this.stream, minute, k + 1);
      const drift = open + ((close - open) * (k + 1)) / n;
      const noise = k === n - 1 ? 0 : sigma * bell(hash4(this.seed, this.stream + 0x10000, minute, k));
      const price = Math.min(MAX_TICKS, Math.max(1, Math.round(drift + noise)));
      const u = unit(hash4(this.seed, this.stream + 0x20000, minute, k));
      out.time[k] = minute * MINUTE_MS + Math.floor(((k + (h & 0x3ff) / 1024) * MINUTE_MS) / n);
      out.price[k] = price;
      out.qty[k] = Math.max(1, Math.round(this.lotUnits * (0.05 + 3 * u * u)));
      out.buy[k] = price >= previous ? 1 : 0;
      previous = price;
    }
    out.count = n;
    return out;
  }

  /** Cached summary of the chunk holding `minute` (complete minutes; callers never expose the future). */
  summary(chunk: number): ChunkSummary {
    let s = this.summaries.get(chunk);
    if (s) return s;
    s = {
      open: new Int32Array(CHUNK_MINUTES), high: new Int32Array(CHUNK_MINUTES), low: new Int32Array(CHUNK_MINUTES),
      close: new Int32Array(CHUNK_MINUTES), volume: new Float64Array(CHUNK_MINUTES), quote: new Float64Array(CHUNK_MINUTES),
    };
    const t = this.scratch;
    const points = this.chunkPoints(chunk);
    for (let i = 0; i < CHUNK_MINUTES; i += 1) {
      this.generate(chunk * CHUNK_MINUTES + i, points[i] as number, points[i + 1] as number, t);
      let high = 0;
      let low = MAX_TICKS;
      let volume = 0;
      let quote = 0;
      for (let k = 0; k < t.count; k += 1) {
        const p = t.price[k] as number;
        const q = t.qty[k] as number;
        if (p > high) high = p;
        if (p < low) low = p;
        volume += q;
        quote += p * q;
      }
      s.open[i] = t.price[0] as number;
      s.close[i] = t.price[t.count - 1] as number;
      s.high[i] = high;
      s.low[i] = low;
      s.volume[i] = volume;
      s.quote[i] = quote;
    }
    this.summaries.set(chunk, s);
    return s;
  }
}

function referenceUsdt(code: string): Decimal {
  const c = CURRENCIES.find((x) => x.code === code);
  return new Decimal(c?.referencePriceUsdt ?? '1');
}
