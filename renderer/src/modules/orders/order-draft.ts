// The place-order form's draft and its checks as the person types: quantity and price must sit on
// the symbol's increments. An amount off its increment is refused on its field with the nearest
// amounts that fit — never rounded by the form, so what is reviewed is exactly what was typed.
import type { OrderDraft, OrderSide, PlaceableOrderType, TradingSymbol } from '../../../../preload/contract/orders';
import Decimal from '../../../../preload/contract/decimal';
import { hasLeadingZeros, LEADING_ZEROS_MESSAGE } from '../../../../preload/contract/text-rules';
import { formatAmount, toDecimal } from '../money/money-format';

export const ORDER_FIELDS = ['symbol', 'side', 'type', 'quantity', 'price'] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];
export type OrderErrors = Partial<Record<OrderField, string>>;

export interface OrderForm {
  symbol: string | null;
  side: OrderSide;
  type: PlaceableOrderType;
  quantity: string;
  price: string;
}

export function emptyOrderForm(): OrderForm {
  return { symbol: null, side: 'buy', type: 'limit', quantity: '', price: '' };
}

/** An amount that must be a positive multiple of `increment`; the message names the increment. */
export function checkStep(text: string, increment: string, what: 'quantity' | 'price', currency: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return `Enter a ${what}.`;
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return 'Use digits and one dot, e.g. 125.50 (no commas or signs).';
  if (hasLeadingZeros(trimmed)) return `${LEADING_ZEROS_MESSAGE}.`;
  const value = toDecimal(trimmed);
  const step = toDecimal(increment);
  if (value === null || step === null || step.lte(0)) return null;
  if (value.isZero()) return `The ${what} must be more than zero.`;
  if (value.mod(step).isZero()) return null;
  const below = value.toNearest(step, Decimal.ROUND_DOWN);
  const above = below.plus(step);
  const shown = (amount: Decimal) => formatAmount(amount.toFixed(step.decimalPlaces()), null);
  const nearest = below.isZero() ? `${shown(above)}` : `${shown(below)} or ${shown(above)}`;
  return `The ${what} goes in steps of ${shown(step)} ${currency}: use ${nearest}.`;
}

/** Every field's error for the draft against its symbol (none while the symbols are unknown). */
export function validateOrder(form: OrderForm, symbol: TradingSymbol | undefined): OrderErrors {
  const errors: OrderErrors = {};
  if (form.symbol === null) {
    errors.symbol = 'Choose a symbol.';
    return errors;
  }
  if (!symbol) return errors;
  if (symbol.status !== 'working') errors.symbol = `${symbol.symbol} is ${symbol.status} at the service: no orders can be placed on it now.`;
  const quantity = checkStep(form.quantity, symbol.quantityIncrement, 'quantity', symbol.baseCurrency);
  if (quantity) errors.quantity = quantity;
  if (form.type === 'limit') {
    const price = checkStep(form.price, symbol.tickSize, 'price', symbol.quoteCurrency);
    if (price) errors.price = price;
  }
  return errors;
}

/** The draft as the contract takes it, exactly as typed. */
export function toOrderDraft(form: OrderForm): OrderDraft {
  const base = { symbol: form.symbol ?? '', side: form.side, type: form.type, quantity: form.quantity.trim() };
  return form.type === 'limit' ? { ...base, price: form.price.trim() } : base;
}

/** "0.1%" from a rate "0.001", exactly; "−0.01%" for a rebate. */
export function ratePercent(rate: string): string {
  const value = toDecimal(rate);
  if (value === null) return rate;
  return `${value.times(100).toFixed().replace('-', '−')}%`;
}
