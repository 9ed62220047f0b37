// The rules of the reconstruction, in one place. Net worth on a past day is not stored anywhere:
// it is today's holdings taken back through the synced history.
//
// - Holdings are wallet + spot, available + reserved, per currency (the wallet service's merged
//   balances, MergedBalance.total). Today's holdings are the anchor.
// - Only SUCCESS entries count, at their created_at. Checked against the sandbox, which behaves
//   as the service does: a withdrawal moves its amount + fee from available to reserved when it
//   is created (the total is unchanged), keeps it reserved while PENDING, and takes it out of
//   reserved at SUCCESS; FAILED and ROLLED_BACK put it back into available (the total never
//   moved). A deposit is credited at SUCCESS only (PENDING credits nothing). So CREATED, PENDING,
//   FAILED and ROLLED_BACK never changed the total, and a SUCCESS did, by its amount and fee.
//   The history's sums are kept per created day, so a SUCCESS counts at created_at: the balance
//   really changed at the SUCCESS (minutes later for a withdrawal on chain), a difference that
//   only shows for a withdrawal created just before midnight, or a snapshot taken while one is
//   pending. A PENDING one that later succeeds is counted from then on, once the sync stores it.
// - The delta of a counted entry on wallet + spot: +amount when its direction is 'in', -amount
//   when 'out', and -fee always. The direction is the one the history stored, made by
//   history/entry.ts directionOf (the only direction rule).
// - TRANSFER WALLET_TO_SPOT and SPOT_TO_WALLET move money inside wallet + spot: skipped.
// - Scope 'all' (master and sub-accounts together): moves with a sub-account (subtype
//   SUB_ACCOUNT) are inside the whole too: skipped. A sub-account's own movements cannot be read
//   with the master's key, so sub-accounts' balances are carried back unchanged (a
//   subAccountsCarried note says so), apart from what their moves with the master imply.
// - Holding at the close of day D (its last millisecond, UTC) = today's holding − Σ deltas of the
//   counted entries created after that close; holding at any moment the same way.
// - Spot trades are synced into the same history as their legs (history/trade-entries.ts: type
//   TRADE, status SUCCESS, the paid leg out, the received leg in, the fee out or a rebate in) and
//   count like any entry by their direction, at the trade's time: what a trade moved on the spot
//   balance is taken back with it, so a currency bought on spot is held from the trade on, and
//   nothing before. None of them is a move inside wallet + spot.
// - Value = holding × that day's close in the valuation currency (1 for the valuation currency;
//   today: the live rate the wallet page uses). A currency held without a price that day is left
//   out of the value and named (a `noPrice` note).
import type { PortfolioScope } from '../../../preload/contract/portfolio';

export const COUNTED_STATUSES = ['SUCCESS'] as const;
/** Moves inside wallet + spot (type TRANSFER). */
export const INTERNAL_TRANSFER_SUBTYPES = ['WALLET_TO_SPOT', 'SPOT_TO_WALLET'] as const;
/** Moves between the master and its sub-accounts: inside the whole when the scope is 'all'. */
export const SUB_ACCOUNT_SUBTYPE = 'SUB_ACCOUNT';

export interface CountedFields {
  type: string;
  subtype: string;
  status: string;
}

/** Whether an entry changed the holdings of the scope (the same rule as countedWhere). */
export function isCounted(entry: CountedFields, scope: PortfolioScope): boolean {
  if (!(COUNTED_STATUSES as readonly string[]).includes(entry.status)) return false;
  if (entry.type === 'TRANSFER' && (INTERNAL_TRANSFER_SUBTYPES as readonly string[]).includes(entry.subtype)) return false;
  return !(scope === 'all' && entry.subtype === SUB_ACCOUNT_SUBTYPE);
}

const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** isCounted as SQL over any table with type, subtype and status columns (the entries, history_daily). */
export function countedWhere(scope: PortfolioScope): string {
  const conditions = [
    `status IN (${quoted(COUNTED_STATUSES)})`,
    `NOT (type = 'TRANSFER' AND subtype IN (${quoted(INTERNAL_TRANSFER_SUBTYPES)}))`,
  ];
  if (scope === 'all') conditions.push(`subtype <> '${SUB_ACCOUNT_SUBTYPE}'`);
  return conditions.join(' AND ');
}
