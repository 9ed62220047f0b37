// Which spending tier a withdrawal falls in, by its value in the policy's reference currency, and
// the plain spelling of amounts in the refusals: exact digits, thousands grouped ("250,000 USDT").
import Decimal from '../../../preload/contract/decimal';
import type { SpendingTier, TeamPolicy } from '../../../preload/contract/team';

export type TierChoice = { approvals: number } | { refused: string };

const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

/** A non-negative decimal written plainly, as every amount in an entry must be. */
export function isDecimalText(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_TEXT.test(value);
}

/** An amount exactly as it is, its whole part grouped by thousands: 250000 → "250,000". */
export function plainAmount(value: Decimal | string): string {
  const text = new Decimal(value).toFixed();
  const negative = text.startsWith('-');
  const [whole = '', fraction] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Tiers ascending by upTo, the unbounded one (if any) last, whatever order the policy lists them in. */
function ascending(tiers: readonly SpendingTier[]): SpendingTier[] {
  return [...tiers].sort((a, b) => {
    if (a.upTo === null) return b.upTo === null ? 0 : 1;
    if (b.upTo === null) return -1;
    return new Decimal(a.upTo).comparedTo(b.upTo);
  });
}

/**
 * The approvals a value needs: the first tier whose upTo (inclusive) covers it. Above the last
 * bounded tier's upTo, with no unbounded tier, it is over the team's ceiling and refused.
 */
export function tierFor(policy: TeamPolicy, referenceValue: Decimal): TierChoice {
  const tiers = ascending(policy.tiers);
  const tier = tiers.find((each) => each.upTo === null || referenceValue.lessThanOrEqualTo(each.upTo));
  if (tier !== undefined) return { approvals: tier.approvals };
  const ceiling = tiers.at(-1)?.upTo ?? '0';
  const currency = policy.referenceCurrency;
  return {
    refused: `This withdrawal is worth ${plainAmount(referenceValue)} ${currency}, above the team's ceiling of ${plainAmount(ceiling)} ${currency}`,
  };
}
