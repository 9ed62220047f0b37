// The published limits of api-v3.md and api-v2.md, as data. Paths are relative to /api/3 or /api/2.
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

// Version 2 (api-v2.md "Limits", paths relative to /api/2): one figure per row, no burst. Its
// groups are its own, so version 2 calls never use up version 3's windows or the reverse.
const V2_IP_REST_RULES: readonly PathRule[] = [
  { group: 'v2-market-data', prefixes: ['/public/'], rate: 100, burst: 0 },
];
const V2_ACCOUNT_REST_RULES: readonly PathRule[] = [
  { group: 'v2-trading', prefixes: ['/order', '/margin/order', '/margin/position'], rate: 300, burst: 0 },
];
/** Other requests, trading history included. */
const V2_ACCOUNT_DEFAULT: LimitRow = { group: 'v2-other', rate: 10, burst: 0 };

const API_PREFIX = '/api/3';
const V2_PREFIX = '/api/2';

function relative(path: string): string {
  return path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path;
}

/** The path relative to /api/2, or null for a path outside version 2. */
function relativeV2(path: string): string | null {
  return path === V2_PREFIX || path.startsWith(`${V2_PREFIX}/`) ? path.slice(V2_PREFIX.length) : null;
}

function findRule(rules: readonly PathRule[], rel: string): PathRule | undefined {
  return rules.find((r) => r.prefixes.some((p) => rel.startsWith(p)));
}

/** The per-IP row of a REST path; null where no per-IP limit applies (version 2 private calls). */
export function ipRestLimit(path: string): LimitRow | null {
  const v2 = relativeV2(path);
  if (v2 !== null) return findRule(V2_IP_REST_RULES, v2) ?? null;
  return findRule(IP_REST_RULES, relative(path)) ?? IP_REST_DEFAULT;
}

export function accountRestLimit(path: string): LimitRow | null {
  const v2 = relativeV2(path);
  if (v2 !== null) return findRule(V2_ACCOUNT_REST_RULES, v2) ?? V2_ACCOUNT_DEFAULT;
  return findRule(ACCOUNT_REST_RULES, relative(path)) ?? null;
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
