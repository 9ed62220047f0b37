// Checks every domain makes on a request before anything is sent, each failure naming the
// contract's field: a currency code as the service spells it, and a currency it lists.
import type { Currency } from '../exchange/domain';
import { AppFailure } from './app-error';

export const invalid = (field: string, message: string): AppFailure => new AppFailure('VALIDATION', message, field);

/** A currency code as the service spells it: upper case, no spaces around. */
export function normalCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The listed currency with this code, or a failure on `field`. */
export function findCurrency(code: string, currencies: readonly Currency[], field: string): Currency {
  const wanted = normalCode(code);
  const currency = currencies.find((c) => c.code.toUpperCase() === wanted);
  if (currency === undefined) throw invalid(field, `Unknown currency ${wanted}`);
  return currency;
}
