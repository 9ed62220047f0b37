// Which key right a call needs, read from its method and path as the service's endpoint tables list
// them (v2 and v3), so a refusal for a missing right (403, code 1003) can name the right.
import type { KeyRight } from './domain';

/** First match wins: the withdraw and order rules come before the broad wallet/account ones. */
const RULES: readonly { right: KeyRight; methods?: readonly string[]; path: RegExp }[] = [
  { right: 'WDR', path: /^\/api\/[23]\/(wallet|account)\/crypto\/withdraw(\/|$)/ },
  { right: 'WDR', methods: ['POST'], path: /^\/api\/3\/wallet\/internal\/withdraw$/ },
  { right: 'WDR', methods: ['POST'], path: /^\/api\/2\/account\/transfer\/internal$/ },
  { right: 'WDR', methods: ['POST'], path: /^\/api\/(3\/sub-account|2\/sub-acc)\/transfer$/ },
  { right: 'ORD', methods: ['GET'], path: /^\/api\/3\/spot\/fee\/[^/]+$/ },
  { right: 'ORD', methods: ['POST', 'PATCH', 'PUT', 'DELETE'], path: /^\/api\/(3\/(spot|margin)\/order|2\/order)(\/|$)/ },
  { right: 'HIST', path: /^\/api\/(3\/(spot|margin)|2\/(history|trading|order))(\/|$)/ },
  { right: 'PAY', path: /^\/api\/(3\/(wallet|buy-crypto)|2\/(account|buy-crypto))(\/|$)/ },
  { right: 'PAY', path: /^\/api\/(3\/sub-account|2\/sub-acc)\/(acl|balance)(\/|$)/ },
];

/** The right `method path` needs, or undefined for calls that need none or are not listed. */
export function rightNeededBy(method: string, path: string): KeyRight | undefined {
  const bare = path.split('?')[0] ?? path;
  const upper = method.toUpperCase();
  return RULES.find((rule) => (rule.methods === undefined || rule.methods.includes(upper)) && rule.path.test(bare))?.right;
}
