// The service's published limits (api-v3.md "Limits"), as data. Within a one-second sliding window
// the service handles at most rate + burst requests per rule; the client keeps under that.
export interface LimitRule {
  /** Stable name, part of the window key. */
  name: string;
  /** 'ip' windows are shared by every key talking to one host; 'account' ones per API key. */
  scope: 'ip' | 'account';
  /** Path prefixes after /api/3 (e.g. '/wallet/'); empty list = default rule of its scope. */
  prefixes: readonly string[];
  rate: number;
  burst: number;
}

export const V3_REST_LIMITS: readonly LimitRule[] = [
  { name: 'ip:public', scope: 'ip', prefixes: ['/public/'], rate: 30, burst: 50 },
  { name: 'ip:wallet', scope: 'ip', prefixes: ['/wallet/'], rate: 10, burst: 10 },
  { name: 'ip:spot-order', scope: 'ip', prefixes: ['/spot/order'], rate: 300, burst: 450 },
  { name: 'ip:margin', scope: 'ip', prefixes: ['/margin/order', '/margin/account', '/margin/position'], rate: 300, burst: 450 },
  { name: 'ip:futures', scope: 'ip', prefixes: ['/futures/order', '/futures/account', '/futures/position'], rate: 300, burst: 450 },
  { name: 'ip:transfer-convert', scope: 'ip', prefixes: ['/transfer-convert/config'], rate: 10, burst: 10 },
  { name: 'ip:buy-crypto', scope: 'ip', prefixes: ['/buy-crypto/provider/', '/buy-crypto/fiat2crypto/'], rate: 10, burst: 10 },
  { name: 'ip:default', scope: 'ip', prefixes: [], rate: 20, burst: 30 },
  { name: 'account:wallet', scope: 'account', prefixes: ['/wallet/', '/transfer-convert/config'], rate: 20, burst: 30 },
  { name: 'account:buy-crypto', scope: 'account', prefixes: ['/buy-crypto/'], rate: 20, burst: 30 },
  { name: 'account:sub-account', scope: 'account', prefixes: ['/sub-account'], rate: 20, burst: 30 },
];

/** Streams count every message: 10 rate, 10 burst per stream path and IP. */
export const V3_STREAM_LIMIT: LimitRule = { name: 'ip:stream', scope: 'ip', prefixes: [], rate: 10, burst: 10 };

const API_PREFIX = /^\/api\/\d+/;

/** The rules a path falls under: the most specific IP rule, plus any account rule. */
export function rulesForPath(path: string, rules: readonly LimitRule[] = V3_REST_LIMITS): LimitRule[] {
  const relative = path.replace(API_PREFIX, '');
  const matches = (rule: LimitRule) => rule.prefixes.some((prefix) => relative.startsWith(prefix));
  const ipRule = rules.find((rule) => rule.scope === 'ip' && matches(rule))
    ?? rules.find((rule) => rule.scope === 'ip' && rule.prefixes.length === 0);
  const accountRules = rules.filter((rule) => rule.scope === 'account' && matches(rule));
  return ipRule === undefined ? accountRules : [ipRule, ...accountRules];
}

/** Paths remembered per rule set; past this many (paths with ids in them) the memory starts afresh. */
const MAX_REMEMBERED_PATHS = 512;
const rememberedRules = new WeakMap<readonly LimitRule[], Map<string, readonly LimitRule[]>>();

/**
 * rulesForPath, matched once per rule set and path and then handed out as the same array: a
 * client sends to a handful of paths over and over, and the limiter can key its own per-path
 * memory on the array it is given.
 */
export function rememberedRulesForPath(path: string, rules: readonly LimitRule[] = V3_REST_LIMITS): readonly LimitRule[] {
  let byPath = rememberedRules.get(rules);
  if (byPath === undefined) {
    byPath = new Map();
    rememberedRules.set(rules, byPath);
  }
  let matched = byPath.get(path);
  if (matched === undefined) {
    if (byPath.size >= MAX_REMEMBERED_PATHS) byPath.clear();
    matched = rulesForPath(path, rules);
    byPath.set(path, matched);
  }
  return matched;
}

export function capacityOf(rule: LimitRule): number {
  return rule.rate + rule.burst;
}
