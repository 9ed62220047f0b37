// What placing a draft would do, checked before anything is sent: the symbol is listed and
// trading; quantity and price sit on the symbol's increments (Coffer never lets the service round
// them); a market order's price is estimated from a fresh order book; what the order reserves
// (a buy's fee reserve included) is within the available spot balance; and, for comparison, what
// an instant conversion of the same amount would give at the current quote.
import Decimal from '../../../preload/contract/decimal';
import type { Money, OrderDraft, OrderPreview } from '../../../preload/contract/orders';
import { QUOTE_STALE_MS, type ConversionPair, type ConversionQuote } from '../../../preload/contract/transfers';
import type { BookLevel, SpotOrderBook } from '../../exchange/domain';
import type { TreasuryApi } from '../../exchange/treasury-api';
import { invalid } from '../field-checks';
import { serviceCall } from '../session/api-failure';
import { checkAmountText } from '../transfers/checks';
import { buyReserve } from './reserves';
import { toTradingSymbol, type SymbolTerms, type TradingTerms } from './terms';

/** A book older than this (by the service's clock) prices no market order: the person refreshes. */
export const BOOK_STALE_MS = QUOTE_STALE_MS;

export interface PreviewDeps {
  api: Pick<TreasuryApi, 'orderBook' | 'spotBalances' | 'serviceNow'>;
  terms: TradingTerms;
  conversionQuote(pair: ConversionPair): Promise<ConversionQuote>;
}

/** A draft that passed every check, with the figures it is sent with. */
export interface CheckedDraft {
  preview: OrderPreview;
  terms: SymbolTerms;
  quantity: Decimal;
  /** The limit price; undefined for a market order. */
  price: Decimal | undefined;
}

export async function previewOrder(deps: PreviewDeps, draft: OrderDraft): Promise<OrderPreview> {
  return (await checkDraft(deps, draft)).preview;
}

export async function checkDraft(deps: PreviewDeps, draft: OrderDraft): Promise<CheckedDraft> {
  const quantity = checkAmountText(draft.quantity, 'quantity');
  const limitPrice = draft.type === 'limit' ? checkAmountText(draft.price, 'price') : undefined;
  const terms = await symbolTerms(deps, draft.symbol);
  const { id, base, quote } = terms.symbol;
  onIncrement(quantity, terms.quantityIncrement, 'quantity', `The smallest quantity on ${id} is ${terms.quantityIncrement.toFixed()} ${base}`,
    `The quantity must be a multiple of ${terms.quantityIncrement.toFixed()} ${base} on ${id}; Coffer sends it as typed, never rounded`);
  if (limitPrice !== undefined) {
    onIncrement(limitPrice, terms.tickSize, 'price', `The lowest price on ${id} is ${terms.tickSize.toFixed()} ${quote}`,
      `The price must be a multiple of ${terms.tickSize.toFixed()} ${quote} (the tick size of ${id}); Coffer sends it as typed, never rounded`);
  }
  const book = limitPrice === undefined ? await freshBook(deps, id) : undefined;
  const price = limitPrice ?? estimate(book as SpotOrderBook, draft.side, quantity, terms);
  const notional = quantity.times(price);
  const feeInBase = terms.symbol.feeCurrency === base;
  const fee = cut((feeInBase ? quantity : notional).times(Decimal.max(terms.takeRate, 0)), feeInBase ? terms.basePlaces : terms.quotePlaces);
  const reserves: Money = draft.side === 'buy'
    ? { currency: quote, amount: fixed(buyReserve(quantity, price, terms), terms.quotePlaces) }
    : { currency: base, amount: quantity.toFixed() };
  const available = await availableOf(deps, reserves.currency);
  if (new Decimal(reserves.amount).gt(available)) {
    const what = draft.side === 'buy' ? `${reserves.amount} ${quote} (the price × quantity and the fee reserve)` : `${reserves.amount} ${base}`;
    throw invalid('quantity', `This order needs ${what}, but ${available.toFixed()} ${reserves.currency} is available on the spot balance`);
  }
  const receives: Money = draft.side === 'buy'
    ? { currency: base, amount: (feeInBase ? quantity.minus(fee) : quantity).toFixed() }
    : { currency: quote, amount: fixed(cut(feeInBase ? notional : notional.minus(fee), terms.quotePlaces), terms.quotePlaces) };
  // What the order pays in all, which a conversion would pay instead.
  const spends: Money = draft.side === 'buy'
    ? { currency: quote, amount: (feeInBase ? notional : notional.plus(fee)).toFixed() }
    : { currency: base, amount: quantity.toFixed() };
  const conversion = await conversionOf(deps, spends, receives.currency);
  const preview: OrderPreview = {
    draft, symbol: toTradingSymbol(terms), price: price.toFixed(),
    priceSource: book === undefined ? { kind: 'limit' } : { kind: 'book', at: book.timestamp },
    notional: { currency: quote, amount: notional.toFixed() },
    fee: { currency: terms.symbol.feeCurrency, amount: fee.toFixed() },
    reserves, receives, available: { currency: reserves.currency, amount: available.toFixed() }, conversion,
    advantage: conversion === null ? null : { currency: receives.currency, amount: new Decimal(receives.amount).minus(conversion.receives.amount).toFixed() },
  };
  return { preview, terms, quantity, price: limitPrice };
}

async function symbolTerms(deps: PreviewDeps, symbol: string): Promise<SymbolTerms> {
  const terms = await serviceCall(() => deps.terms.of(symbol));
  const id = symbol.trim().toUpperCase();
  if (terms === undefined) throw invalid('symbol', `Unknown symbol ${id}`);
  if (terms.symbol.status !== 'working') throw invalid('symbol', `${id} is ${terms.symbol.status}: the service takes no orders on it now`);
  return terms;
}

function onIncrement(value: Decimal, increment: Decimal, field: string, belowMinimum: string, offIncrement: string): void {
  if (value.lt(increment)) throw invalid(field, belowMinimum);
  if (!value.mod(increment).isZero()) throw invalid(field, offIncrement);
}

async function freshBook(deps: PreviewDeps, symbol: string): Promise<SpotOrderBook> {
  const book = await serviceCall(() => deps.api.orderBook(symbol));
  const ageMs = deps.api.serviceNow() - Date.parse(book.timestamp);
  if (!(ageMs <= BOOK_STALE_MS)) {
    throw invalid('quantity', `The order book of ${symbol} is ${Math.floor(ageMs / 1_000)} s old; refresh the preview for a current price`);
  }
  return book;
}

/** A market order's average price over the levels it would take, rounded to the tick against the
 *  person (up for a buy, down for a sell), so the reserve checked is not less than it will be. */
function estimate(book: SpotOrderBook, side: OrderDraft['side'], quantity: Decimal, terms: SymbolTerms): Decimal {
  const levels: BookLevel[] = side === 'buy'
    ? [...book.asks].sort((a, b) => a.price.comparedTo(b.price))
    : [...book.bids].sort((a, b) => b.price.comparedTo(a.price));
  let left = new Decimal(quantity);
  let cost = new Decimal(0);
  for (const level of levels) {
    if (left.lte(0)) break;
    const taken = Decimal.min(left, level.quantity);
    cost = cost.plus(taken.times(level.price));
    left = left.minus(taken);
  }
  if (left.gt(0)) {
    const offered = quantity.minus(left).toFixed();
    throw invalid('quantity', `The order book of ${terms.symbol.id} offers only ${offered} ${terms.symbol.base} to ${side === 'buy' ? 'buy' : 'sell'}; lower the quantity`);
  }
  const average = cost.div(quantity);
  return average.toNearest(terms.tickSize, side === 'buy' ? Decimal.ROUND_UP : Decimal.ROUND_DOWN);
}

async function availableOf(deps: PreviewDeps, currency: string): Promise<Decimal> {
  const balances = await serviceCall(() => deps.api.spotBalances());
  const balance = balances.find((b) => b.currency === currency);
  return balance === undefined ? new Decimal(0) : new Decimal(balance.available);
}

/** Converting what the order spends at the current quote; null when no quote can be had. */
async function conversionOf(deps: PreviewDeps, spends: Money, to: string): Promise<OrderPreview['conversion']> {
  try {
    const quote = await deps.conversionQuote({ fromCurrency: spends.currency, toCurrency: to });
    const gross = new Decimal(spends.amount).times(quote.rate).times(new Decimal(1).minus(quote.spread));
    const receives = gross.toDecimalPlaces(quote.toPrecision, Decimal.ROUND_DOWN).toFixed(quote.toPrecision);
    return { receives: { currency: to, amount: receives }, rate: quote.rate, spread: quote.spread, pricedAt: quote.pricedAt };
  } catch {
    return null;
  }
}

function cut(value: Decimal, places: number | null): Decimal {
  return places === null ? value : value.toDecimalPlaces(places, Decimal.ROUND_DOWN);
}

function fixed(value: Decimal, places: number | null): string {
  return places === null ? value.toFixed() : value.toFixed(places);
}
