// The spending policy applied to one withdrawal: at prepare (ceiling, caps per currency and for
// the team over a rolling 24 hours, address book) and again at each approval, against the policy
// in force then, so tightening the policy also holds back withdrawals already waiting.
import Decimal from '../../../preload/contract/decimal';
import type { TeamPolicy } from '../../../preload/contract/team';
import { clockTime, deskName, namesInWords } from './desk-words';
import type { TeamFacts } from './team-facts';
import { plainAmount, tierFor } from './tiers';

export { tierFor, type TierChoice } from './tiers';

const DAY_MS = 86_400_000;

export interface Spending {
  /** The reference currency teamTotal is in (the policy's in force); null with no policy. */
  referenceCurrency: string | null;
  /** Amount prepared per currency (upper case) in the window. */
  byCurrency: Map<string, Decimal>;
  /** The recorded reference values of those withdrawals recorded in referenceCurrency. */
  teamTotal: Decimal;
}

/**
 * What was prepared in the rolling 24 hours before `now` and not rejected, by each withdrawal's
 * chain time; one dated after `now` (a desk clock ahead) counts too, rather than slipping the cap.
 */
export function spentLast24h(facts: TeamFacts, now: Date, exceptTxId?: string, referenceCurrency?: string): Spending {
  const currencyOfTotal = referenceCurrency ?? facts.policy(now)?.referenceCurrency ?? null;
  const since = now.getTime() - DAY_MS;
  const byCurrency = new Map<string, Decimal>();
  let teamTotal = new Decimal(0);
  for (const withdrawal of facts.withdrawals()) {
    if (withdrawal.rejected !== null || withdrawal.preparedMs <= since || withdrawal.fields.txId === exceptTxId) continue;
    const currency = withdrawal.fields.currency.toUpperCase();
    byCurrency.set(currency, (byCurrency.get(currency) ?? new Decimal(0)).plus(withdrawal.fields.amount));
    if (withdrawal.referenceCurrency.toUpperCase() === currencyOfTotal?.toUpperCase()) teamTotal = teamTotal.plus(withdrawal.referenceValue);
  }
  return { referenceCurrency: currencyOfTotal, byCurrency, teamTotal };
}

export interface PrepareCandidate {
  currency: string;
  network: string;
  address: string;
  paymentId: string | null | undefined;
  amount: string;
  /** Its value in the policy's reference currency. */
  referenceValue: string;
  /** The preparing desk's public key. */
  author: string;
  now: Date;
}

export interface PolicyRefusal {
  field: 'amount' | 'address' | 'currency';
  code: 'POLICY_CEILING' | 'POLICY_CAP' | 'POLICY_ADDRESS_BOOK' | 'NOT_MEMBER';
  message: string;
}

export type PrepareCheck = { ok: true; approvalsNeeded: number; policyVersion: number } | ({ ok: false } & PolicyRefusal);

type Destination = Pick<PrepareCandidate, 'currency' | 'network' | 'address' | 'paymentId'>;

function capRefusal(policy: TeamPolicy, spending: Spending, currency: string, amount: Decimal, referenceValue: Decimal): PolicyRefusal | null {
  const code = currency.toUpperCase();
  const cap = policy.currencyCaps.find((each) => each.currency.toUpperCase() === code);
  const total = (spending.byCurrency.get(code) ?? new Decimal(0)).plus(amount);
  if (cap !== undefined && total.greaterThan(cap.amount)) {
    return {
      field: 'amount',
      code: 'POLICY_CAP',
      message: `This would bring ${code} prepared in the last 24 hours to ${plainAmount(total)} ${code}, above the team's cap of ${plainAmount(cap.amount)} ${code}`,
    };
  }
  const teamTotal = spending.teamTotal.plus(referenceValue);
  if (policy.teamDailyCap !== null && teamTotal.greaterThan(policy.teamDailyCap)) {
    const reference = policy.referenceCurrency;
    return {
      field: 'amount',
      code: 'POLICY_CAP',
      message: `This would bring the team's withdrawals prepared in the last 24 hours to ${plainAmount(teamTotal)} ${reference}, above the team's daily cap of ${plainAmount(policy.teamDailyCap)} ${reference}`,
    };
  }
  return null;
}

const sameText = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();
const paymentIdOf = (value: string | null | undefined) => (value === undefined || value === null || value === '' ? null : value);

function addressBookRefusal(facts: TeamFacts, destination: Destination, now: Date): PolicyRefusal | null {
  const matches = facts.addresses(now).filter((entry) => sameText(entry.currency, destination.currency)
    && sameText(entry.network, destination.network) && entry.address === destination.address
    && entry.paymentId === paymentIdOf(destination.paymentId));
  if (matches.some((entry) => entry.state === 'usable')) return null;
  const cooling = matches.find((entry) => entry.state === 'coolingDown');
  const waiting = matches.find((entry) => entry.state === 'awaitingApproval');
  let message = `Withdrawals go only to addresses in the team's address book, and this ${destination.currency} address on ${destination.network} is not in it`;
  if (cooling !== undefined) message = `This address is in the team's address book as "${cooling.label}" but may be used only from ${cooling.usableFrom}, when its cool-down ends`;
  else if (waiting !== undefined) message = `This address is in the team's address book as "${waiting.label}" but waits for a desk other than ${deskName(facts, waiting.proposedBy)} to approve it`;
  else if (matches.length > 0) message = 'This address was removed from the team\'s address book';
  return { field: 'address', code: 'POLICY_ADDRESS_BOOK', message };
}

/** Why the policy refuses a withdrawal (ceiling, caps without `exceptTxId`, address book), or its tier's approvals. */
function applyPolicy(
  facts: TeamFacts,
  policy: TeamPolicy,
  withdrawal: Destination & { amount: Decimal; referenceValue: Decimal },
  now: Date,
  exceptTxId?: string,
): PolicyRefusal | { approvals: number } {
  const tier = tierFor(policy, withdrawal.referenceValue);
  if ('refused' in tier) return { field: 'amount', code: 'POLICY_CEILING', message: tier.refused };
  const spending = spentLast24h(facts, now, exceptTxId, policy.referenceCurrency);
  const capped = capRefusal(policy, spending, withdrawal.currency, withdrawal.amount, withdrawal.referenceValue);
  if (capped !== null) return capped;
  const book = policy.addressBookOnly ? addressBookRefusal(facts, withdrawal, now) : null;
  return book ?? tier;
}

const NOT_MEMBER_WORDS = 'This desk is not a member of the team: only members may prepare or approve team withdrawals';

/** Whether a desk may prepare this withdrawal under the policy in force, and how many approvals it will need. */
export function checkPrepare(facts: TeamFacts, candidate: PrepareCandidate): PrepareCheck {
  const policy = facts.policy(candidate.now);
  if (!facts.isMember(candidate.author) || policy === null) return { ok: false, field: 'amount', code: 'NOT_MEMBER', message: NOT_MEMBER_WORDS };
  const withdrawal = { ...candidate, amount: new Decimal(candidate.amount), referenceValue: new Decimal(candidate.referenceValue) };
  const outcome = applyPolicy(facts, policy, withdrawal, candidate.now);
  if ('code' in outcome) return { ok: false, ...outcome };
  return { ok: true, approvalsNeeded: outcome.approvals, policyVersion: policy.version };
}

export interface ApprovalStatus {
  canApprove: boolean;
  whyNot: string | null;
  approvals: { publicKey: string; name: string; at: string }[];
  /** The larger of what was recorded at prepare and what the policy in force asks now. */
  needed: number;
  /** "1 more approval by a desk other than Payments"; '' once enough. */
  stillNeeds: string;
}

function stillNeedsWords(remaining: number, excluded: readonly string[]): string {
  if (remaining <= 0) return '';
  const approvals = remaining === 1 ? 'approval' : 'approvals';
  const desks = remaining === 1 ? 'a desk' : 'desks';
  return `${remaining} more ${approvals} by ${desks} other than ${namesInWords(excluded)}`;
}

const NOT_PREPARED: ApprovalStatus = {
  canApprove: false, whyNot: 'This withdrawal was not prepared through the team, so no desk can approve it here', approvals: [], needed: 0, stillNeeds: '',
};

/**
 * Whether `deskKey` may approve the withdrawal now, and where its approvals stand, under
 * `policyInForce` (the facts' policy at `now` when not given). Times in the words are HH:MM:SS
 * in `timeZone` (the host's when none); the records keep their ISO times.
 */
export function approvalStatus(
  facts: TeamFacts,
  txId: string,
  deskKey: string,
  now: Date,
  policyInForce: TeamPolicy | null = facts.policy(now),
  timeZone?: string,
): ApprovalStatus {
  const withdrawal = facts.withdrawal(txId);
  if (withdrawal === null) return { ...NOT_PREPARED, approvals: [] };
  const approvals = withdrawal.approvals.map((approval) => ({ publicKey: approval.by, name: deskName(facts, approval.by), at: approval.at }));
  const { fields } = withdrawal;
  const outcome = policyInForce === null ? null
    : applyPolicy(facts, policyInForce, { ...fields, amount: new Decimal(fields.amount), referenceValue: new Decimal(withdrawal.referenceValue) }, now, txId);
  const needed = Math.max(withdrawal.approvalsNeeded, outcome !== null && 'approvals' in outcome ? outcome.approvals : 0);
  const excluded = [withdrawal.preparedBy, ...withdrawal.approvals.map((approval) => approval.by)].map((key) => deskName(facts, key));
  const own = withdrawal.approvals.find((approval) => approval.by === deskKey);
  let whyNot: string | null = null;
  if (!facts.isMember(deskKey)) whyNot = NOT_MEMBER_WORDS;
  else if (withdrawal.rejected !== null) {
    const { by, at, reason } = withdrawal.rejected;
    whyNot = `Rejected by ${deskName(facts, by)} at ${clockTime(at, timeZone)}${reason === '' ? '' : `: ${reason}`}`;
  } else if (withdrawal.commitClaim !== null) {
    whyNot = `Committed by ${deskName(facts, withdrawal.commitClaim.by)} at ${clockTime(withdrawal.commitClaim.at, timeZone)}`;
  } else if (withdrawal.preparedBy === deskKey) whyNot = 'You prepared this withdrawal: another desk must approve it';
  else if (own !== undefined) whyNot = `You approved this withdrawal at ${clockTime(own.at, timeZone)}`;
  else if (outcome === null) whyNot = 'No spending policy is in force';
  else if ('code' in outcome) whyNot = `The policy in force now refuses it: ${outcome.message}`;
  return { canApprove: whyNot === null, whyNot, approvals, needed, stillNeeds: stillNeedsWords(needed - approvals.length, excluded) };
}
