// Recent movements as rows a person reads, pure: each transaction's kind in plain words from its
// type and subtype, the two legs of a conversion joined into one signed row, and live updates put
// in place (a new movement first, a changed one replaced). Statuses read in the contract's words.
import type { MovementView } from '../../../../preload/contract';
import { pairConversions } from '../../../../preload/contract/conversion-legs';

export interface MovementRow {
  /** The transaction id, or the operation id joining a conversion's legs. */
  key: string;
  kind: string;
  createdAt: string;
  status: string;
  /** One transaction; a conversion's paid leg then its received leg. */
  legs: MovementView[];
}

const KINDS: Readonly<Record<string, string>> = {
  'TRANSFER/WALLET_TO_SPOT': 'Wallet → spot',
  'TRANSFER/SPOT_TO_WALLET': 'Spot → wallet',
  'TRANSFER/WALLET_TO_DERIVATIVES': 'Wallet → derivatives',
  'TRANSFER/DERIVATIVES_TO_WALLET': 'Derivatives → wallet',
  'WITHDRAW/OFFCHAIN': 'Sent to a user',
  'DEPOSIT/OFFCHAIN': 'Received from a user',
  'WITHDRAW/SUB_ACCOUNT': 'To a sub-account',
  'DEPOSIT/SUB_ACCOUNT': 'From a sub-account',
};

/** "SUB_ACCOUNT" → "sub account". */
const words = (code: string): string => code.toLowerCase().replace(/_/g, ' ');

export function movementKind(movement: Pick<MovementView, 'type' | 'subtype'>): string {
  if (movement.type === 'SWAP') return 'Conversion';
  const known = KINDS[`${movement.type}/${movement.subtype}`];
  if (known) return known;
  const type = words(movement.type);
  const label = `${type.charAt(0).toUpperCase()}${type.slice(1)}`;
  return movement.subtype ? `${label} · ${words(movement.subtype)}` : label;
}

/** Ids compare as numbers when both are (the service numbers its transactions), else as text. */
function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  return a.localeCompare(b);
}

/** Newest first; the same moment ordered by id, newest first. Times compare as instants, whatever their ISO spelling. */
export function compareNewestFirst(a: MovementView, b: MovementView): number {
  const byTime = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  return (Number.isNaN(byTime) ? 0 : byTime) || compareIds(b.id, a.id);
}

/** The list after a live update: replaced where the id is known, else added; newest first, at most `limit`. */
export function upsertMovement(list: readonly MovementView[], movement: MovementView, limit: number): MovementView[] {
  const others = list.filter((known) => known.id !== movement.id);
  return [...others, movement].sort(compareNewestFirst).slice(0, limit);
}

/** One row per movement, a conversion's paid and received legs joined by their operation id. */
export function movementRows(list: readonly MovementView[]): MovementRow[] {
  return pairConversions([...list].sort(compareNewestFirst)).map((listed): MovementRow => {
    if (listed.kind === 'single') {
      const { entry } = listed;
      return { key: entry.id, kind: movementKind(entry), createdAt: entry.createdAt, status: entry.status, legs: [entry] };
    }
    const { paid, received } = listed;
    // Both legs settle together; while they differ, the one still on its way says where the pair is.
    const status = paid.status === received.status || paid.status !== 'SUCCESS' ? paid.status : received.status;
    return { key: `op:${paid.operationId ?? paid.id}`, kind: movementKind(paid), createdAt: paid.createdAt, status, legs: [paid, received] };
  });
}

/**
 * "−100.00 USDT" paid, "+0.00099800 BTC" received, "10.00 USDT" moved between the account's own
 * sides: the sign from the direction the service gives, never from the transaction's type alone.
 */
export function signedLeg(leg: Pick<MovementView, 'amount' | 'direction'>, formatted: string): string {
  const unsigned = formatted.replace(/^[-−+]/, '');
  if (leg.direction === 'out') return `−${unsigned}`;
  if (leg.direction === 'in') return `+${unsigned}`;
  return formatted;
}

/** A row's amount: one leg, or a conversion as "−25.37 USDT → +0.00041340 BTC". */
export function rowAmount(row: Pick<MovementRow, 'legs'>, format: (leg: MovementView) => string): string {
  return row.legs.map((leg) => signedLeg(leg, format(leg))).join(' → ');
}
