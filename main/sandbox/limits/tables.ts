// The published limits of api-v3.md, as data. Paths are relative to /api/3.
export interface LimitRow {
  /** Bucket name; calls in the same bucket share a window. */
  group: string;
  rate: number;
  burst: number;
}

interface PathRule extends LimitRow {
  prefixes: readonly string[];
}

const IP_REST_RULES: readonly PathRule[] = [
  { group: 'public', prefixes: ['/public/'], rate: 30, burst: 50 },
  { group: 'wallet', prefixes: ['/wallet/'], rate: 10, burst: 10 },
  { group: 'spot-order', prefixes: ['/spot/order'], rate: 300, burst: 450 },
  { group: 'margin', prefixes: ['/margin/order', '/margin/account', '/margin/position'], rate: 300, burst: 450 },
  { group: 'futures', prefixes: ['/futures/order', '/futures/account', '/futures/position'], rate: 300, burst: 450 },
  { group: 'transfer-convert', prefixes: ['/transfer-convert/config'], rate: 10, burst: 10 },
  { group: 'buy-crypto', prefixes: ['/buy-crypto/provider', '/buy-crypto/fiat2crypto'], rate: 10, burst: 10 },
];
const IP_REST_DEFAULT: LimitRow = { group: 'default', rate: 20, burst: 30 };

const ACCOUNT_REST_RULES: readonly PathRule[] = [
  { group: 'wallet', prefixes: ['/wallet/', '/transfer-convert/config'], rate: 20, burst: 30 },
  { group: 'buy-crypto', prefixes: ['/buy-crypto/'], rate: 20, burst: 30 },
  { group: 'sub-account', prefixes: ['/sub-account'], rate: 20, burst: 30 },
];

const API_PREFIX = '/api/3';

function relative(path: string): string {
  return path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path;
}

export function ipRestLimit(path: string): LimitRow {
  const rel = relative(path);
  return IP_REST_RULES.find((r) => r.prefixes.some((p) => rel.startsWith(p))) ?? IP_REST_DEFAULT;
}

export function accountRestLimit(path: string): LimitRow | null {
  const rel = relative(path);
  return ACCOUNT_REST_RULES.find((r) => r.prefixes.some((p) => rel.startsWith(p))) ?? null;
}

export type StreamKind = 'public' | 'trading' | 'wallet';

/** Per IP, every stream location: 10 rate, 10 burst. */
export const IP_STREAM_LIMIT: LimitRow = { group: 'stream', rate: 10, burst: 10 };
export const MAX_CONNECTIONS_PER_IP = 100;

// Per account stream methods. Where the spec gives one number (login and subscribe rows of the
// trading table) the burst is taken equal to the rate.
const TRADING_METHODS: readonly PathRule[] = [
  { group: 'login', prefixes: ['login'], rate: 5, burst: 5 },
  { group: 'subscribe', prefixes: ['spot_subscribe', 'spot_unsubscribe', 'spot_balance_subscribe', 'spot_balance_unsubscribe'], rate: 5, burst: 5 },
  { group: 'margin-subscribe', prefixes: ['margin_subscribe', 'margin_unsubscribe'], rate: 5, burst: 5 },
  { group: 'futures-subscribe', prefixes: ['futures_subscribe', 'futures_unsubscribe', 'futures_balance'], rate: 5, burst: 5 },
  { group: 'spot-read', prefixes: ['spot_balances', 'spot_balance', 'spot_fee', 'spot_fees'], rate: 20, burst: 10 },
  { group: 'spot-order', prefixes: ['spot_new_order', 'spot_new_order_list', 'spot_replace_order', 'spot_cancel_order', 'spot_cancel_orders', 'spot_get_orders'], rate: 300, burst: 200 },
];
const WALLET_METHODS: readonly PathRule[] = [
  { group: 'login', prefixes: ['login'], rate: 2, burst: 10 },
];
const WALLET_DEFAULT: LimitRow = { group: 'wallet', rate: 5, burst: 10 };
const TRADING_DEFAULT: LimitRow = { group: 'other', rate: 20, burst: 10 };

export function accountStreamLimit(kind: StreamKind, method: string): LimitRow | null {
  if (kind === 'public') return null;
  const rules = kind === 'trading' ? TRADING_METHODS : WALLET_METHODS;
  return rules.find((r) => r.prefixes.includes(method)) ?? (kind === 'trading' ? TRADING_DEFAULT : WALLET_DEFAULT);
}
