// JSON shapes of the version 2 public resources (api-v2.md, camelCase; amounts as strings), made
// from the same catalog and market as the version 3 shapes of routes/public-format.ts.
import Decimal from '../decimal';
import { defaultNetwork, type CurrencyDef, type SymbolDef } from '../catalog';
import { formatUnits, type Aggregate, type BookSide, type Market, type MarketSymbol, type Trade } from '../market';
import { candleJson, tradeJson } from '../routes/public-format';
import { ticker } from '../routes/public';

/** Digits after the decimal point of a step such as '0.000001' (6). */
const placesOf = (step: string): number => new Decimal(step).decimalPlaces();

/**
 * Payout figures come from the currency's default network (version 2 knows one network per
 * currency); a currency without networks (fiat) pays out nothing, so its fee and minimum are 0.
 */
export function currencyV2Json(c: CurrencyDef): Record<string, unknown> {
  const main = defaultNetwork(c);
  return {
    id: c.code,
    fullName: c.fullName,
    crypto: c.crypto,
    payinEnabled: c.payinEnabled,
    payinPaymentId: main?.payinPaymentId ?? false,
    payinConfirmations: main?.payinConfirmations ?? 0,
    payoutEnabled: c.payoutEnabled,
    payoutIsPaymentId: main?.payoutIsPaymentId ?? false,
    transferEnabled: c.transferEnabled,
    delisted: c.delisted,
    payoutFee: main?.payoutFee ?? '0',
    // The catalog's network precisionPayout is the minimum withdrawal amount (as in version 3).
    payoutMinimalAmount: main?.precisionPayout ?? '0',
    precisionPayout: c.decimals,
    precisionTransfer: placesOf(c.precisionTransfer),
    ...(main === undefined ? {} : {
      lowProcessingTime: String(main.lowProcessingTime),
      highProcessingTime: String(main.highProcessingTime),
      avgProcessingTime: String(main.avgProcessingTime),
    }),
  };
}

export function symbolV2Json(s: SymbolDef): Record<string, unknown> {
  return {
    id: s.id,
    baseCurrency: s.baseCurrency,
    quoteCurrency: s.quoteCurrency,
    quantityIncrement: s.quantityIncrement,
    tickSize: s.tickSize,
    takeLiquidityRate: s.takeRate,
    provideLiquidityRate: s.makeRate,
    feeCurrency: s.feeCurrency,
    marginTrading: s.marginTrading,
    ...(s.marginTrading && s.maxInitialLeverage !== undefined ? { maxInitialLeverage: s.maxInitialLeverage } : {}),
  };
}

/** The version 3 ticker's figures (one computation for both versions), renamed, with the symbol. */
export function tickerV2Json(market: Market, s: MarketSymbol): Record<string, unknown> {
  const t = ticker(market, s);
  return {
    ask: t.ask, bid: t.bid, last: t.last, open: t.open, low: t.low, high: t.high,
    volume: t.volume, volumeQuote: t.volume_quote, timestamp: t.timestamp, symbol: s.def.id,
  };
}

/** The version 3 shapes renamed: one formatting of a trade or a candle for both versions. */
export function tradeV2Json(s: MarketSymbol, t: Trade): Record<string, unknown> {
  const v3 = tradeJson(s, t);
  return { id: v3.id, price: v3.price, quantity: v3.qty, side: v3.side, timestamp: v3.timestamp };
}

export function candleV2Json(s: MarketSymbol, c: Aggregate): Record<string, unknown> {
  const { volume_quote: volumeQuote, ...rest } = candleJson(s, c);
  return { ...rest, volumeQuote };
}

export function levelsV2Json(s: MarketSymbol, side: BookSide): Array<{ price: string; size: string }> {
  const m = s.tape.model;
  return side.price.map((p, i) => ({ price: formatUnits(p, m.price), size: formatUnits(side.qty[i] as number, m.quantity) }));
}

/**
 * Average price of taking `volume` from the levels (best first): each level gives its size, the
 * last one only what is still missing. Rounded half-up to the tick's places, the precision of a
 * price. null when the side is empty; when the side holds less than `volume`, the average of all of it.
 */
export function averagePrice(s: MarketSymbol, side: BookSide, volume: Decimal): string | null {
  const m = s.tape.model;
  let remaining = volume;
  let cost = new Decimal(0);
  for (let i = 0; i < side.price.length && remaining.gt(0); i++) {
    const size = new Decimal(formatUnits(side.qty[i] as number, m.quantity));
    const taken = Decimal.min(size, remaining);
    cost = cost.plus(taken.times(formatUnits(side.price[i] as number, m.price)));
    remaining = remaining.minus(taken);
  }
  const filled = volume.minus(remaining);
  if (filled.isZero()) return null;
  return cost.div(filled).toFixed(m.price.places, Decimal.ROUND_HALF_UP);
}
