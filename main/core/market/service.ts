// The market as one profile sees it: the spot symbols (read once per scope), and one symbol's
// candles followed live. A watch reads the last candles over REST, then follows the symbol's
// candles stream for that period; every update is handed on as it comes (a candle with a known
// opening time replaces it). One symbol at a time: a new watch replaces the old, which is
// unsubscribed first, and any tick of an older watch that still arrives is dropped.
import type { Candle, CandlePeriod, CandleSeries, MarketSymbolInfo } from '../../../preload/contract/portfolio';
import type { Candle as ServiceCandle } from '../../exchange/domain';
import type { ChannelNotification } from '../../exchange/stream/streams';
import type { TreasuryApi } from '../../exchange/treasury-api';
import { parseStreamCandle } from '../../exchange/v3/records';
import { invalid } from '../field-checks';
import { toAppFailure } from '../session/api-failure';
import { FollowedChannel } from '../session/followed-channel';

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
}

export class MarketService {
  private symbolList: Promise<MarketSymbolInfo[]> | null = null;
  /** The one symbol's candles followed; watches and stops run one after the other. */
  private readonly candlesChannel: FollowedChannel;

  constructor(private readonly deps: MarketDeps) {
    this.candlesChannel = new FollowedChannel(() => deps.api.publicStream());
  }

  /** The spot symbols, sorted; read once, again only after a failed read. */
  symbols(): Promise<MarketSymbolInfo[]> {
    this.symbolList ??= this.readSymbols();
    return this.symbolList;
  }

  /** The symbol's last candles, oldest first; then its stream is followed instead of any other. */
  watch(request: { symbol: string; period: CandlePeriod }): Promise<CandleSeries> {
    return this.candlesChannel.serially(async () => {
      // An unknown symbol is refused before the symbol followed now is let go.
      const symbol = await this.knownSymbol(request.symbol);
      const generation = this.candlesChannel.next();
      await this.candlesChannel.unfollow();
      const { period } = request;
      const newestFirst = await this.deps.api.candles(symbol, { period, limit: WATCH_CANDLES, sort: 'DESC' }).catch(asAppFailure);
      const candles = newestFirst.map(candleView).reverse();
      // Watched again, stopped or closed meanwhile, the channel opens nothing; a refused
      // subscription still answers the REST candles.
      const watch: Watch = { symbol, period };
      await this.candlesChannel.follow(generation, (stream) =>
        stream.subscribe(`candles/${period}`, { symbols: [symbol], limit: STREAM_SNAPSHOT }, (notification) =>
          this.onCandles(generation, watch, notification),
        ),
      );
      return { symbol, period, candles };
    });
  }

  /** Stops following the watched symbol and closes the stream. */
  stop(): Promise<void> {
    return this.candlesChannel.stop();
  }

  close(): void {
    this.candlesChannel.close({ unsubscribe: true });
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
    if (!this.candlesChannel.isCurrent(generation)) return;
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
