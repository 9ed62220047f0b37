// A policy as written in an entry, checked before it may be put in force: a member's desk checks
// what it proposes, but a faulty or hostile one could sign anything, and a policy the checks
// cannot read must never become the team's rule.
import type { TeamPolicy } from '../../../preload/contract/team';
import { isDecimalText } from './tiers';

function isTier(tier: unknown): boolean {
  if (typeof tier !== 'object' || tier === null) return false;
  const { upTo, approvals } = tier as Record<string, unknown>;
  return (upTo === null || isDecimalText(upTo)) && Number.isInteger(approvals) && (approvals as number) >= 1;
}

function isCap(cap: unknown): boolean {
  if (typeof cap !== 'object' || cap === null) return false;
  const { currency, amount } = cap as Record<string, unknown>;
  return typeof currency === 'string' && currency.length > 0 && isDecimalText(amount);
}

export function isReadablePolicy(value: unknown): value is TeamPolicy {
  if (typeof value !== 'object' || value === null) return false;
  const policy = value as Record<string, unknown>;
  return typeof policy.referenceCurrency === 'string' && policy.referenceCurrency.length > 0
    && Array.isArray(policy.tiers) && policy.tiers.length > 0 && policy.tiers.every(isTier)
    && Array.isArray(policy.currencyCaps) && policy.currencyCaps.every(isCap)
    && (policy.teamDailyCap === null || isDecimalText(policy.teamDailyCap))
    && typeof policy.addressBookOnly === 'boolean'
    && typeof policy.coolDownHours === 'number' && Number.isFinite(policy.coolDownHours) && policy.coolDownHours >= 0;
}

/** The policy as the team keeps it: only its own fields, under the version the chain gives it. */
export function policyAsVersion(policy: TeamPolicy, version: number): TeamPolicy {
  const { referenceCurrency, tiers, currencyCaps, teamDailyCap, addressBookOnly, coolDownHours } = policy;
  return {
    version,
    referenceCurrency,
    tiers: tiers.map(({ upTo, approvals }) => ({ upTo, approvals })),
    currencyCaps: currencyCaps.map(({ currency, amount }) => ({ currency, amount })),
    teamDailyCap,
    addressBookOnly,
    coolDownHours,
  };
}
