// The terms orders are checked and valued against: every spot symbol with its increments and
// status, the account's fee rates on it, and its currencies' decimal places. Read together and
// kept a minute (symbols and rates change rarely); an order on a symbol not known yet reads again.
import Decimal from '../../../preload/contract/decimal';
import type { TradingSymbol } from '../../../preload/contract/orders';
import type { Currency, SpotFeeRate, SpotSymbol } from '../../exchange/domain';
import { precisionOf } from '../wallet/balances';
import type { ReserveTerms } from './reserves';

const KEEP_MS = 60_000;
/** A symbol missing from a list this recent is unknown: no new read for it (a typo costs nothing). */
const RECHECK_AFTER_MS = 5_000;

export interface SymbolTerms extends ReserveTerms {
  symbol: SpotSymbol;
  quantityIncrement: Decimal;
  tickSize: Decimal;
}

export interface TermsSource {
  spotSymbols(): Promise<SpotSymbol[]>;
  spotFees(): Promise<SpotFeeRate[]>;
  currencies(): Promise<Currency[]>;
}

export class TradingTerms {
  private kept: { at: number; bySymbol: Map<string, SymbolTerms> } | null = null;
  private reading: Promise<Map<string, SymbolTerms>> | null = null;

  constructor(private readonly source: TermsSource, private readonly now: () => number = Date.now) {}

  /** Every symbol's terms, read at most once a minute (one read at a time). */
  async all(): Promise<Map<string, SymbolTerms>> {
    if (this.kept !== null && this.now() - this.kept.at < KEEP_MS) return this.kept.bySymbol;
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  /** One symbol's terms; a symbol not in the kept list is looked for in a fresh read. */
  async of(symbol: string): Promise<SymbolTerms | undefined> {
    const id = symbol.trim().toUpperCase();
    const known = (await this.all()).get(id);
    if (known !== undefined || (this.kept !== null && this.now() - this.kept.at < RECHECK_AFTER_MS)) return known;
    this.kept = null;
    return (await this.all()).get(id);
  }

  private async read(): Promise<Map<string, SymbolTerms>> {
    const [symbols, fees, currencies] = await Promise.all([this.source.spotSymbols(), this.source.spotFees(), this.source.currencies()]);
    const feeOf = new Map(fees.map((f) => [f.symbol, f]));
    const placesOf = new Map(currencies.map((c) => [c.code, c.precisionTransfer === undefined ? null : precisionOf(c.precisionTransfer)]));
    const bySymbol = new Map<string, SymbolTerms>();
    for (const symbol of symbols) {
      const fee = feeOf.get(symbol.id);
      bySymbol.set(symbol.id, {
        symbol, base: symbol.base, quote: symbol.quote,
        basePlaces: placesOf.get(symbol.base) ?? null, quotePlaces: placesOf.get(symbol.quote) ?? null,
        // The account's own rates where the service gives them, else the symbol's published ones.
        takeRate: new Decimal(fee?.takeRate ?? symbol.takeRate), makeRate: new Decimal(fee?.makeRate ?? symbol.makeRate),
        quantityIncrement: new Decimal(symbol.quantityIncrement), tickSize: new Decimal(symbol.tickSize),
      });
    }
    this.kept = { at: this.now(), bySymbol };
    return bySymbol;
  }
}

export function toTradingSymbol(terms: SymbolTerms): TradingSymbol {
  const { symbol } = terms;
  return {
    symbol: symbol.id, baseCurrency: symbol.base, quoteCurrency: symbol.quote, status: symbol.status,
    quantityIncrement: symbol.quantityIncrement.toFixed(), tickSize: symbol.tickSize.toFixed(), feeCurrency: symbol.feeCurrency,
    takeRate: terms.takeRate.toFixed(), makeRate: terms.makeRate.toFixed(),
  };
}
