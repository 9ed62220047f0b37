// Amount formatting with each currency's precision.
import Decimal, { type DecimalValue } from '../decimal';
import { findCurrency } from '../catalog';

export function decimalsOf(currency: string): number {
  return findCurrency(currency)?.decimals ?? 8;
}

/** Fixed-point text with the currency's number of decimals, as the service prints amounts. */
export function formatAmount(value: DecimalValue, currency: string): string {
  return new Decimal(value).toDecimalPlaces(decimalsOf(currency), Decimal.ROUND_DOWN).toFixed(decimalsOf(currency));
}
