// Conversion quotes: what the service prices one currency in, read once (REST) or followed on
// the public price-rate stream for the one pair a profile watches. Every quote gets its own id
// and is kept for a while with the local time it was heard, so a conversion can be checked
// against exactly the quote the person reviewed, and refused once that quote is stale.
import { randomUUID } from 'node:crypto';
import Decimal from '../../../preload/contract/decimal';
import { QUOTE_STALE_MS, type ConversionPair, type ConversionQuote, type ConversionTarget } from '../../../preload/contract/transfers';
import type { Currency } from '../../exchange/domain';
import { isApiError } from '../../exchange/errors';
import { isObject } from '../../exchange/json';
import type { ChannelNotification } from '../../exchange/stream/streams';
import type { TreasuryApi } from '../../exchange/treasury-api';
import { toAppFailure } from '../session/api-failure';
import { FollowedChannel } from '../session/followed-channel';
import { findCurrency, invalid, normalCode } from '../field-checks';
import { precisionOfCurrency } from './checks';

/**
 * The share of the converted value the service keeps. The service publishes no figure: Coffer
 * assumes 0.2 % (the sandbox keeps the same), and every quote promises that much less. A service
 * keeping more shows up as a negative difference from the quote after converting.
 */
export const CONVERSION_SPREAD = '0.002';

/** A quote is still accepted this long after it turned stale: the time the review and the request take. */
export const QUOTE_GRACE_MS = 2_000;

/** Quotes older than this are forgotten (a conversion against one is refused as unknown). */
const KEEP_QUOTES_MS = 120_000;

const RATE_CHANNEL = 'price/rate/1s';

/** Significant digits of an indicative rate worked out as 1 / (the opposite rate). */
const INVERTED_RATE_DIGITS = 10;

/** Service error code for a currency it cannot price (or does not know). */
const NO_SUCH_CURRENCY = 2002;

export type QuoteApi = Pick<TreasuryApi, 'priceRates' | 'publicStream'>;

export interface QuoteDeps {
  api: QuoteApi;
  currencies(): Promise<Currency[]>;
  notices: { quote(quote: ConversionQuote): void };
  /** Local clock, in ms (tests may replace it). */
  now?: () => number;
}

/** A pair with its currencies' precisions, as the currency list gives them. */
interface PairTerms {
  fromCurrency: string;
  toCurrency: string;
  fromPrecision: number;
  toPrecision: number;
}

interface Prices {
  byCode: Map<string, Decimal>;
  /** Service time of the prices, when the reply says. */
  timestamp?: string;
}

export class QuoteBook {
  private readonly heard = new Map<string, { quote: ConversionQuote; heardAtMs: number }>();
  /** The one pair's rates followed; watches and stops run one after the other. */
  private readonly rateChannel: FollowedChannel;

  constructor(private readonly deps: QuoteDeps) {
    this.rateChannel = new FollowedChannel(() => deps.api.publicStream());
  }

  /** Every currency the from-currency can be priced in, with an indicative rate; one request. */
  async targets(fromCurrency: string): Promise<ConversionTarget[]> {
    const currencies = await this.call(() => this.deps.currencies());
    const from = findCurrency(fromCurrency, currencies, 'fromCurrency').code;
    const others = currencies.filter((c) => c.code !== from && !c.delisted).map((c) => c.code);
    if (others.length === 0) return [];
    // One call prices every other currency in the from-currency; the rate the other way is its inverse.
    const prices = (await this.pricesIn(others, from)).byCode;
    return others.flatMap((code) => {
      const price = prices.get(code);
      if (price === undefined || price.lte(0)) return [];
      return [{ currency: code, rate: new Decimal(1).div(price).toSignificantDigits(INVERTED_RATE_DIGITS).toFixed() }];
    });
  }

  /** A fresh quote read once from the service. */
  async quote(pair: ConversionPair): Promise<ConversionQuote> {
    return this.restQuote(await this.termsOf(pair));
  }

  /** Follows the pair on the price-rate stream (instead of any pair before) and answers at once with a read quote. */
  watch(pair: ConversionPair): Promise<ConversionQuote> {
    return this.rateChannel.serially(async () => {
      const generation = this.rateChannel.next();
      await this.rateChannel.unfollow();
      const terms = await this.termsOf(pair);
      const first = await this.restQuote(terms);
      // Watched again, stopped or closed meanwhile, the channel opens nothing; if the stream refuses
      // the pair, the quote read above still stands and re-quoting still works.
      await this.rateChannel.follow(generation, (stream) =>
        stream.subscribe(RATE_CHANNEL, { currencies: [terms.fromCurrency], target_currency: terms.toCurrency }, (notification) =>
          this.onTick(generation, terms, notification),
        ),
      );
      return first;
    });
  }

  /** Stops following the watched pair and closes the stream. */
  stop(): Promise<void> {
    return this.rateChannel.stop();
  }

  close(): void {
    // Closing the stream alone ends the registration; the service is not told first.
    this.rateChannel.close({ unsubscribe: false });
  }

  /** The quote `quoteId` for this pair, refused on the field `quote` when unknown, for another pair, or stale. */
  recall(quoteId: string, pair: ConversionPair): ConversionQuote {
    const from = normalCode(pair.fromCurrency);
    const to = normalCode(pair.toCurrency);
    const kept = this.heard.get(quoteId.trim());
    if (kept === undefined) throw invalid('quote', 'This quote is unknown or too old to use; get a new quote');
    const { quote, heardAtMs } = kept;
    if (quote.fromCurrency !== from || quote.toCurrency !== to) {
      throw invalid('quote', `This quote is for ${quote.fromCurrency} → ${quote.toCurrency}; get a quote for ${from} → ${to}`);
    }
    const ageMs = this.now() - heardAtMs;
    if (ageMs > QUOTE_STALE_MS + QUOTE_GRACE_MS) {
      throw invalid('quote', `The quote is ${Math.floor(ageMs / 1_000)} s old; get a new quote before converting`);
    }
    return quote;
  }

  private async termsOf(pair: ConversionPair): Promise<PairTerms> {
    const currencies = await this.call(() => this.deps.currencies());
    const from = findCurrency(pair.fromCurrency, currencies, 'fromCurrency');
    const to = findCurrency(pair.toCurrency, currencies, 'toCurrency');
    if (from.code === to.code) throw invalid('toCurrency', 'Choose a currency other than the one converted from');
    return { fromCurrency: from.code, toCurrency: to.code, fromPrecision: precisionOfCurrency(from), toPrecision: precisionOfCurrency(to) };
  }

  private async restQuote(terms: PairTerms): Promise<ConversionQuote> {
    const prices = await this.pricesIn([terms.fromCurrency], terms.toCurrency, true);
    const rate = prices.byCode.get(terms.fromCurrency);
    if (rate === undefined || rate.lte(0)) throw noRate(terms);
    return this.remember(terms, rate, prices.timestamp ?? new Date(this.now()).toISOString(), 'rest');
  }

  /**
   * Prices of `codes` in `target`. The service refuses the whole call when it cannot price one of
   * them; then each is asked alone and those it cannot price are left out, unless `strict` (a
   * single pair's quote), where that refusal is the pair's "no rate".
   */
  private async pricesIn(codes: readonly string[], target: string, strict = false): Promise<Prices> {
    try {
      const rates = await this.deps.api.priceRates(codes, target);
      return { byCode: new Map(rates.map((r) => [r.currency, new Decimal(r.price)])), timestamp: rates[0]?.timestamp };
    } catch (error) {
      if (!isApiError(error) || error.code !== NO_SUCH_CURRENCY) throw toAppFailure(error);
      if (strict || codes.length === 1) return { byCode: new Map() };
    }
    const each = await Promise.allSettled(codes.map((code) => this.deps.api.priceRates([code], target)));
    const found = each.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
    return { byCode: new Map(found.map((p) => [p.currency, new Decimal(p.price)])) };
  }

  private onTick(generation: number, terms: PairTerms, notification: ChannelNotification): void {
    if (!this.rateChannel.isCurrent(generation)) return;
    if (notification.target !== undefined && notification.target.toUpperCase() !== terms.toCurrency) return;
    const tick = notification.data[terms.fromCurrency];
    const parsed = tick === undefined ? null : parseTick(tick);
    if (parsed === null) return;
    this.deps.notices.quote(this.remember(terms, parsed.rate, parsed.pricedAt, 'stream'));
  }

  private remember(terms: PairTerms, rate: Decimal, pricedAt: string, source: ConversionQuote['source']): ConversionQuote {
    const now = this.now();
    for (const [id, kept] of this.heard) if (now - kept.heardAtMs > KEEP_QUOTES_MS) this.heard.delete(id);
    const quote: ConversionQuote = { quoteId: randomUUID(), ...terms, rate: rate.toFixed(), spread: CONVERSION_SPREAD, pricedAt, source };
    this.heard.set(quote.quoteId, { quote, heardAtMs: now });
    return quote;
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toAppFailure(error);
    }
  }
}

function noRate(terms: PairTerms) {
  return invalid('toCurrency', `The service gives no rate from ${terms.fromCurrency} to ${terms.toCurrency}`);
}

/** {t: ms, r: rate} of the price-rate channel (numbers arrive as exact text); null when unusable. */
function parseTick(tick: unknown): { rate: Decimal; pricedAt: string } | null {
  if (!isObject(tick)) return null;
  const { r, t } = tick;
  if (typeof r !== 'string' && typeof r !== 'number') return null;
  let rate: Decimal;
  try {
    rate = new Decimal(String(r));
  } catch {
    return null;
  }
  if (!rate.isFinite() || rate.lte(0)) return null;
  const ms = typeof t === 'number' ? t : typeof t === 'string' && /^\d+$/.test(t) ? Number(t) : NaN;
  return { rate, pricedAt: new Date(Number.isFinite(ms) ? ms : Date.now()).toISOString() };
}
