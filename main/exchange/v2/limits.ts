// Version 2's published limits (api-v2.md "Limits") in the limiter's terms: market data 100 per
// second per IP, everything else (account, history, sub-accounts, buy crypto) 10 per second per
// user. Version 2 publishes no burst, so none is taken. Rule names are version 2's own, so a
// version 2 and a version 3 client to one host keep separate counts, as the service does.
import type { LimitRule } from '../rate-limits';

const PRIVATE_PREFIXES = ['/account/', '/history/', '/trading/', '/sub-acc', '/buy-crypto/'];

export const V2_REST_LIMITS: readonly LimitRule[] = [
  { name: 'v2-ip:public', scope: 'ip', prefixes: ['/public/'], rate: 100, burst: 0 },
  { name: 'v2-account:other', scope: 'account', prefixes: PRIVATE_PREFIXES, rate: 10, burst: 0 },
  // "Trading requests: 300 per second per user" (placing, listing and cancelling orders).
  { name: 'v2-account:trading', scope: 'account', prefixes: ['/order'], rate: 300, burst: 0 },
];
