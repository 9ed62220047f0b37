// The "Propose a change" form's rules, pure: the policy as editable text rows, every field checked
// before any request (each error keyed by the contract's own path, "tiers.1.upTo", so main's
// refusals land on the same field), and the TeamPolicyInput a valid draft sends.
import type { TeamPolicy, TeamPolicyInput } from '../../../../preload/contract/team';
import { toDecimal } from '../money/money-format';

export const MAX_TIERS = 10;
export const MAX_APPROVALS = 10;
export const MAX_COOL_DOWN_HOURS = 24 * 30;

export interface TierRow {
  /** Blank on the last row: no upper bound. */
  upTo: string;
  approvals: string;
}

export interface CapRow {
  currency: string;
  amount: string;
}

export interface PolicyDraft {
  referenceCurrency: string;
  tiers: TierRow[];
  currencyCaps: CapRow[];
  /** Blank: no cap for the whole team. */
  teamDailyCap: string;
  addressBookOnly: boolean;
  coolDownHours: string;
}

/** Keyed by the contract's path: referenceCurrency, tiers, tiers.0.upTo, currencyCaps.2.amount… */
export type PolicyErrors = Record<string, string>;

export function policyDraftFrom(policy: TeamPolicyInput | TeamPolicy | null, referenceCurrency = 'USDT'): PolicyDraft {
  if (policy === null) {
    return { referenceCurrency, tiers: [{ upTo: '', approvals: '1' }], currencyCaps: [], teamDailyCap: '', addressBookOnly: false, coolDownHours: '24' };
  }
  return {
    referenceCurrency: policy.referenceCurrency,
    tiers: policy.tiers.map((tier) => ({ upTo: tier.upTo ?? '', approvals: String(tier.approvals) })),
    currencyCaps: policy.currencyCaps.map((cap) => ({ ...cap })),
    teamDailyCap: policy.teamDailyCap ?? '',
    addressBookOnly: policy.addressBookOnly,
    coolDownHours: String(policy.coolDownHours),
  };
}

function positiveAmount(text: string): boolean {
  const amount = toDecimal(text);
  return amount !== null && /^\d+(\.\d+)?$/.test(text.trim()) && amount.greaterThan(0);
}

function wholeNumber(text: string, min: number, max: number): boolean {
  if (!/^\d+$/.test(text.trim())) return false;
  const value = Number(text.trim());
  return value >= min && value <= max;
}

function checkTiers(tiers: readonly TierRow[], errors: PolicyErrors): void {
  if (tiers.length === 0) errors.tiers = 'Give at least one tier.';
  if (tiers.length > MAX_TIERS) errors.tiers = `At most ${MAX_TIERS} tiers.`;
  let below = null as ReturnType<typeof toDecimal>;
  tiers.forEach((tier, index) => {
    const last = index === tiers.length - 1;
    if (!wholeNumber(tier.approvals, 1, MAX_APPROVALS)) errors[`tiers.${index}.approvals`] = `A whole number of desks from 1 to ${MAX_APPROVALS}.`;
    if (tier.upTo.trim() === '') {
      if (!last) errors[`tiers.${index}.upTo`] = 'Only the last tier may have no upper bound.';
      return;
    }
    if (!positiveAmount(tier.upTo)) {
      errors[`tiers.${index}.upTo`] = 'A positive amount, digits and a point only.';
      return;
    }
    const bound = toDecimal(tier.upTo);
    if (below !== null && bound !== null && !bound.greaterThan(below)) errors[`tiers.${index}.upTo`] = 'Each tier must go higher than the one before it.';
    below = bound;
  });
}

function checkCaps(caps: readonly CapRow[], errors: PolicyErrors): void {
  const seen = new Set<string>();
  caps.forEach((cap, index) => {
    const code = cap.currency.trim().toUpperCase();
    if (code === '') errors[`currencyCaps.${index}.currency`] = 'Choose a currency.';
    else if (seen.has(code)) errors[`currencyCaps.${index}.currency`] = `${code} already has a cap.`;
    seen.add(code);
    if (!positiveAmount(cap.amount)) errors[`currencyCaps.${index}.amount`] = 'A positive amount, digits and a point only.';
  });
}

export function validatePolicyDraft(draft: PolicyDraft): PolicyErrors {
  const errors: PolicyErrors = {};
  if (draft.referenceCurrency.trim() === '') errors.referenceCurrency = 'Choose the reference currency.';
  checkTiers(draft.tiers, errors);
  checkCaps(draft.currencyCaps, errors);
  if (draft.teamDailyCap.trim() !== '' && !positiveAmount(draft.teamDailyCap)) errors.teamDailyCap = 'A positive amount, or blank for no team cap.';
  if (!/^\d+(\.\d+)?$/.test(draft.coolDownHours.trim()) || Number(draft.coolDownHours) > MAX_COOL_DOWN_HOURS) {
    errors.coolDownHours = `Hours from 0 to ${MAX_COOL_DOWN_HOURS}.`;
  }
  return errors;
}

/** The request for a draft that passed validatePolicyDraft. */
export function toPolicyInput(draft: PolicyDraft): TeamPolicyInput {
  return {
    referenceCurrency: draft.referenceCurrency.trim(),
    tiers: draft.tiers.map((tier) => ({ upTo: tier.upTo.trim() === '' ? null : tier.upTo.trim(), approvals: Number(tier.approvals.trim()) })),
    currencyCaps: draft.currencyCaps.map((cap) => ({ currency: cap.currency.trim().toUpperCase(), amount: cap.amount.trim() })),
    teamDailyCap: draft.teamDailyCap.trim() === '' ? null : draft.teamDailyCap.trim(),
    addressBookOnly: draft.addressBookOnly,
    coolDownHours: Number(draft.coolDownHours.trim()),
  };
}

/** A new tier after the last one: the old last gets a bound to fill in when it had none. */
export function addTier(tiers: readonly TierRow[]): TierRow[] {
  const last = tiers[tiers.length - 1];
  return [...tiers, { upTo: '', approvals: last?.approvals ?? '1' }];
}

export function removeRow<T>(rows: readonly T[], index: number): T[] {
  return rows.filter((_row, i) => i !== index);
}
