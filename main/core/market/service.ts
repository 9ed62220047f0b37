// The market as one profile sees it: the spot symbols (read once per scope), and one symbol's
// candles followed live. A watch reads the last candles over REST, then follows the symbol's
// candles stream for that period; every update is handed on as it comes (a candle with a known
// opening time replaces it). One symbol at a time: a new watch replaces the old, which is
// unsubscribed first, and any tick of an older watch that still arrives is dropped.
import type { Candle, CandlePeriod, CandleSeries, MarketSymbolInfo } from '../../../preload/contract/portfolio';
import type { Candle as ServiceCandle } from '../../exchange/domain';
import type { ChannelNotification, PublicStream, Unsubscribe } from '../../exchange/stream/streams';
import type { TreasuryApi } from '../../exchange/treasury-api';
import { parseStreamCandle } from '../../exchange/v3/records';
import { invalid } from '../field-checks';
import { toAppFailure } from '../session/api-failure';

/** Candles a watch starts with (a chart's worth). */
export const WATCH_CANDLES = 300;

/**
 * Candles the stream's snapshot repeats on subscribing (and on every reconnection): the current
 * one and the one before, so an update between the REST read and the subscription is not lost.
 */
const STREAM_SNAPSHOT = 2;

export type MarketApi = Pick<TreasuryApi, 'symbols' | 'candles' | 'publicStream'>;

export interface MarketDeps {
  api: MarketApi;
  notices: { candles(symbol: string, period: CandlePeriod, candles: Candle[]): void };
}

interface Watch {
  symbol: string;
  period: CandlePeriod;
  unsubscribe: Unsubscribe | null;
}

export class MarketService {
  private symbolList: Promise<MarketSymbolInfo[]> | null = null;
  private stream: PublicStream | null = null;
  private watching: Watch | null = null;
  /** Changes with every watch, stop and close: a tick or a subscription of an older watch is dropped. */
  private generation = 0;
  /** Watches and stops run one after the other. */
  private readonly serially = oneAfterAnother();
  private closed = false;

  constructor(private readonly deps: MarketDeps) {}

  /** The spot symbols, sorted; read once, again only after a failed read. */
  symbols(): Promise<MarketSymbolInfo[]> {
    this.symbolList ??= this.readSymbols();
    return this.symbolList;
  }

  /** The symbol's last candles, oldest first; then its stream is followed instead of any other. */
  watch(request: { symbol: string; period: CandlePeriod }): Promise<CandleSeries> {
    return this.serially(async () => {
      // An unknown symbol is refused before the symbol followed now is let go.
      const symbol = await this.knownSymbol(request.symbol);
      const generation = ++this.generation;
      await this.unwatch();
      const { period } = request;
      const newestFirst = await this.deps.api.candles(symbol, { period, limit: WATCH_CANDLES, sort: 'DESC' }).catch(asAppFailure);
      const candles = newestFirst.map(candleView).reverse();
      // Watched again, stopped or closed meanwhile: this watch opens nothing.
      if (generation !== this.generation || this.closed) return { symbol, period, candles };
      const watch: Watch = { symbol, period, unsubscribe: null };
      this.watching = watch;
      this.stream ??= this.deps.api.publicStream();
      try {
        const unsubscribe = await this.stream.subscribe(
          `candles/${period}`,
          { symbols: [symbol], limit: STREAM_SNAPSHOT },
          (notification) => this.onCandles(generation, watch, notification),
        );
        if (generation === this.generation && this.watching === watch) watch.unsubscribe = unsubscribe;
        else await unsubscribe().catch(() => undefined);
      } catch {
        // Subscribing failed: the REST candles are still answered. The stream keeps a failed
        // registration, so it is dropped here and the next watch opens a fresh one.
        this.watching = null;
        this.stream?.close();
        this.stream = null;
      }
      return { symbol, period, candles };
    });
  }

  /** Stops following the watched symbol and closes the stream. */
  stop(): Promise<void> {
    return this.serially(async () => {
      this.generation += 1;
      await this.unwatch();
      this.stream?.close();
      this.stream = null;
    });
  }

  close(): void {
    this.closed = true;
    this.generation += 1;
    const unsubscribe = this.watching?.unsubscribe;
    this.watching = null;
    void unsubscribe?.().catch(() => undefined);
    this.stream?.close();
    this.stream = null;
  }

  private async readSymbols(): Promise<MarketSymbolInfo[]> {
    try {
      const symbols = await this.deps.api.symbols().catch(asAppFailure);
      return symbols.map(({ id, base, quote }) => ({ symbol: id, base, quote })).sort((a, b) => a.symbol.localeCompare(b.symbol));
    } catch (error) {
      this.symbolList = null;
      throw error;
    }
  }

  private async knownSymbol(asked: string): Promise<string> {
    const wanted = asked.trim().toUpperCase();
    const found = (await this.symbols()).find((s) => s.symbol === wanted);
    if (found === undefined) throw invalid('symbol', `The service lists no spot symbol ${asked.trim()}`);
    return found.symbol;
  }

  private onCandles(generation: number, watch: Watch, notification: ChannelNotification): void {
    if (generation !== this.generation) return;
    const raw = notification.data[watch.symbol];
    if (!Array.isArray(raw)) return;
    const candles = raw.flatMap((item) => {
      try {
        return [candleView(parseStreamCandle(item))];
      } catch {
        // A candle the stream garbled is left out; the next update of its bucket carries it whole.
        return [];
      }
    });
    if (candles.length > 0) this.deps.notices.candles(watch.symbol, watch.period, candles);
  }

  /** Ends the current watch; an unsubscribe the socket cannot carry (it is down) is not an error. */
  private async unwatch(): Promise<void> {
    const watch = this.watching;
    this.watching = null;
    if (watch?.unsubscribe) await watch.unsubscribe().catch(() => undefined);
  }

}

/** Runs tasks in the order given, each after the one before settled (failed or not). */
function oneAfterAnother(): <T>(task: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = last.then(task, task);
    last = run.catch(() => undefined);
    return run;
  };
}

const asAppFailure = (error: unknown): never => {
  throw toAppFailure(error);
};

/** A candle as the contract carries it: decimal text, the opening time ISO UTC. */
function candleView(candle: ServiceCandle): Candle {
  return {
    at: candle.timestamp,
    open: candle.open.toFixed(),
    close: candle.close.toFixed(),
    high: candle.high.toFixed(),
    low: candle.low.toFixed(),
    volume: candle.volume.toFixed(),
    volumeQuote: candle.volumeQuote.toFixed(),
  };
}
