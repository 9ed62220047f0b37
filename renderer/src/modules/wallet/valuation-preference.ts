// The valuation currency the user picked, remembered across launches (a display preference,
// not a secret: localStorage is fine).
export const VALUATION_STORAGE_KEY = 'coffer.wallet.valuationCurrency';
export const DEFAULT_VALUATION = 'USDT';
export const COMMON_VALUATIONS = ['USDT', 'USD', 'EUR', 'BTC', 'ETH'] as const;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

export function readValuation(storage: Storage | undefined): string {
  const stored = storage?.getItem(VALUATION_STORAGE_KEY);
  return stored && /^[A-Z0-9]{2,12}$/.test(stored) ? stored : DEFAULT_VALUATION;
}

export function writeValuation(storage: Storage | undefined, currency: string): void {
  storage?.setItem(VALUATION_STORAGE_KEY, currency);
}

/** Choices for the picker: the common ones, then every currency held, without duplicates. */
export function valuationChoices(held: readonly string[], current: string): string[] {
  const rest = held.filter((code) => !(COMMON_VALUATIONS as readonly string[]).includes(code)).sort();
  return [...new Set([...COMMON_VALUATIONS, current, ...rest])];
}
