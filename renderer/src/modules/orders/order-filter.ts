// The Orders page's filter lives in its address (#/orders?currency=USDT), so another page — the
// Wallet's Reserved cell — can link to "the orders holding USDT".
import type { LocationQuery, RouteLocationRaw } from 'vue-router';

const CURRENCY_CODE = /^[A-Z0-9]{1,16}$/;

/** The currency the page is filtered to, when the address names a plausible one. */
export function currencyFilterOf(query: LocationQuery): string | null {
  const raw = Array.isArray(query.currency) ? query.currency[0] : query.currency;
  const code = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  return CURRENCY_CODE.test(code) ? code : null;
}

/** The Orders page, filtered to the orders holding `currency` (all of them for null). */
export function ordersLocation(currency: string | null): RouteLocationRaw {
  return currency === null ? { name: 'orders' } : { name: 'orders', query: { currency } };
}
