// What an active order holds of the spot balance, worked out exactly as the service reserves it:
// a sell its unfilled quantity in the base currency; a buy its unfilled quantity × price plus the
// fee reserve at the higher of the account's rates ("Buy orders need available balance greater
// than price x quantity + price x quantity x max(take_rate, make_rate)"), in the quote currency,
// cut to the quote currency's decimal places the way the service cuts it (down: the service keeps
// a reserve no larger than the formula's figure, so freeing an order frees exactly this).
import Decimal from '../../../preload/contract/decimal';
import type { Money } from '../../../preload/contract/orders';

/** The figures of an order that decide its reserve. */
export interface ReserveInput {
  side: 'buy' | 'sell';
  quantity: Decimal;
  quantityFilled: Decimal;
  /** The limit price; a stop-market order has none and holds at its stop price. */
  price: Decimal | undefined;
  stopPrice: Decimal | undefined;
}

/** The symbol's side of it: its currencies, their decimal places (null: unknown), the account's rates. */
export interface ReserveTerms {
  base: string;
  quote: string;
  basePlaces: number | null;
  quotePlaces: number | null;
  takeRate: Decimal;
  makeRate: Decimal;
}

/** The fee share a buy order holds besides its notional: the higher of the two rates, never below zero. */
export function feeReserveRate(terms: Pick<ReserveTerms, 'takeRate' | 'makeRate'>): Decimal {
  return Decimal.max(terms.takeRate, terms.makeRate, 0);
}

/** What a buy of `quantity` at `price` holds: notional plus the fee reserve, cut to the quote's places. */
export function buyReserve(quantity: Decimal, price: Decimal, terms: ReserveTerms): Decimal {
  const full = quantity.times(price).times(new Decimal(1).plus(feeReserveRate(terms)));
  return cut(full, terms.quotePlaces);
}

/** The order's reserve; null when it has no price to hold at (a market order never rests). */
export function reserveOf(order: ReserveInput, terms: ReserveTerms): Money | null {
  const unfilled = Decimal.max(order.quantity.minus(order.quantityFilled), 0);
  if (order.side === 'sell') return { currency: terms.base, amount: fixed(cut(unfilled, terms.basePlaces), terms.basePlaces) };
  const price = order.price ?? order.stopPrice;
  if (price === undefined) return null;
  return { currency: terms.quote, amount: fixed(buyReserve(unfilled, price, terms), terms.quotePlaces) };
}

/** Σ per currency, in the order the currencies first appear; nulls are skipped. */
export function sumByCurrency(amounts: readonly (Money | null)[]): Money[] {
  const sums = new Map<string, { total: Decimal; places: number }>();
  for (const money of amounts) {
    if (money === null) continue;
    const sum = sums.get(money.currency) ?? { total: new Decimal(0), places: 0 };
    // Written with as many places as its terms are, so a sum of "1.50" and "2.25" reads "3.75".
    sums.set(money.currency, { total: sum.total.plus(money.amount), places: Math.max(sum.places, placesOf(money.amount)) });
  }
  return [...sums].map(([currency, { total, places }]) => ({ currency, amount: total.toFixed(places) }));
}

function placesOf(text: string): number {
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}

function cut(value: Decimal, places: number | null): Decimal {
  return places === null ? value : value.toDecimalPlaces(places, Decimal.ROUND_DOWN);
}

/** With the currency's places when known (as the service prints balances), else as exact as it is. */
function fixed(value: Decimal, places: number | null): string {
  return places === null ? value.toFixed() : value.toFixed(places);
}
