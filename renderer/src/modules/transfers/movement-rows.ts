// Recent movements as rows a person reads, pure: each transaction's kind in plain words from its
// type and subtype, its status, the two legs of a conversion joined into one row, and live
// updates put in place (a new movement first, a changed one replaced).
import type { MovementView } from '../../../../preload/contract';
import type { ToneWords } from '../shell/tone';

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

const STATUSES: Readonly<Record<string, ToneWords>> = {
  SUCCESS: { label: 'Done', tone: 'success' },
  PENDING: { label: 'Pending', tone: 'warning' },
  CREATED: { label: 'Created', tone: 'info' },
  FAILED: { label: 'Failed', tone: 'error' },
  ROLLED_BACK: { label: 'Rolled back', tone: 'default' },
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

export function statusOf(status: string): ToneWords {
  return STATUSES[status] ?? { label: words(status), tone: 'default' };
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

/** Paid leg first: by direction where the service says it, else by id (the paid leg is written first). */
function paidFirst(a: MovementView, b: MovementView): number {
  const rank = (leg: MovementView) => (leg.direction === 'out' ? 0 : leg.direction === 'in' ? 1 : 0.5);
  return rank(a) - rank(b) || compareIds(a.id, b.id);
}

/** One row per movement, a conversion's two legs joined by their operation id. */
export function movementRows(list: readonly MovementView[]): MovementRow[] {
  const rows: MovementRow[] = [];
  const conversions = new Map<string, MovementRow>();
  for (const movement of [...list].sort(compareNewestFirst)) {
    const joined = movement.type === 'SWAP' && movement.operationId ? conversions.get(movement.operationId) : undefined;
    if (joined) {
      joined.legs = [...joined.legs, movement].sort(paidFirst);
      continue;
    }
    const row: MovementRow = { key: movement.id, kind: movementKind(movement), createdAt: movement.createdAt, status: movement.status, legs: [movement] };
    if (movement.type === 'SWAP' && movement.operationId) {
      row.key = `op:${movement.operationId}`;
      conversions.set(movement.operationId, row);
    }
    rows.push(row);
  }
  return rows;
}
