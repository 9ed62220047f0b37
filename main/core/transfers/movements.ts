// The account's recent movements inside the service: transfers, conversions, and withdrawals and
// deposits to and from other users or sub-accounts. Read newest first with limited requests (the
// history may hold many thousands of other transactions), and pushed live from the wallet stream.
import type { MovementQuery, MovementRecord, MovementView } from '../../../preload/contract/transfers';
import type { RecentFilter, Transaction } from '../../exchange/domain';
import { isApiError } from '../../exchange/errors';
import type { TreasuryApi } from '../../exchange/treasury-api';
import { AppFailure } from '../app-error';
import { serviceCall, toAppFailure } from '../session/api-failure';
import { normalCode } from '../field-checks';

export const DEFAULT_MOVEMENTS = 50;

const MOVED_INSIDE = ['TRANSFER', 'SWAP'];
const TO_OR_FROM_OTHERS = ['WITHDRAW', 'DEPOSIT'];
const OTHERS = ['OFFCHAIN', 'SUB_ACCOUNT'];

/** Two reads cover every movement: the service filters types and subtypes together, not either-or. */
const MOVEMENT_READS: readonly RecentFilter[] = [
  { types: MOVED_INSIDE },
  { types: TO_OR_FROM_OTHERS, subtypes: OTHERS },
];

export type MovementApi = Pick<TreasuryApi, 'recentTransactions' | 'transaction'>;

export function isMovement(tx: Pick<Transaction, 'type' | 'subtype'>): boolean {
  return MOVED_INSIDE.includes(tx.type) || (TO_OR_FROM_OTHERS.includes(tx.type) && OTHERS.includes(tx.subtype));
}

export function toMovementView(tx: Transaction): MovementView {
  return {
    id: tx.id, type: tx.type, subtype: tx.subtype, status: tx.status, currency: tx.currency, amount: tx.amount.toFixed(),
    createdAt: tx.createdAt, operationId: tx.operationId ?? null, direction: directionOf(tx),
  };
}

/** A conversion's legs say which they are in operation_type; sends and receipts by their type. */
export function directionOf(tx: Pick<Transaction, 'type' | 'operationType'>): MovementView['direction'] {
  const side = tx.type === 'SWAP' ? tx.operationType?.toLowerCase() : tx.type.toLowerCase();
  if (side === 'withdraw') return 'out';
  if (side === 'deposit') return 'in';
  return null;
}

export function toMovementRecord(tx: Transaction): MovementRecord {
  return {
    ...toMovementView(tx), updatedAt: tx.updatedAt, fee: tx.fee?.toFixed() ?? null, networkCode: tx.networkCode ?? null,
    address: tx.address ?? null, paymentId: tx.paymentId ?? null, hash: tx.hash ?? null, txId: tx.txId ?? null,
    confirmations: tx.confirmations ?? null, publicComment: tx.publicComment ?? null,
  };
}

/** Anything listed newest first: a transaction, a buy order (whose time may be unknown). */
interface Dated {
  id: string;
  createdAt: string | null;
}

/** Newest first by creation time; the same or an unknown time, the higher id first (numeric ids as numbers). */
export function newestFirst(a: Dated, b: Dated): number {
  const byTime = timeOf(b.createdAt) - timeOf(a.createdAt);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return compareIds(b.id, a.id);
}

export class MovementLog {
  constructor(private readonly deps: { api: MovementApi; notices: { movement(movement: MovementView): void } }) {}

  /** The newest `limit` movements (of one currency when asked): each read is limited, then merged. */
  async list(query: MovementQuery): Promise<MovementView[]> {
    const limit = query.limit ?? DEFAULT_MOVEMENTS;
    const currencies = query.currency === undefined ? undefined : [normalCode(query.currency)];
    const reads = await serviceCall(() =>
      Promise.all(MOVEMENT_READS.map((filter) => this.deps.api.recentTransactions({ ...filter, currencies }, limit))),
    );
    const unique = new Map(reads.flat().filter(isMovement).map((tx) => [tx.id, tx]));
    return [...unique.values()].sort(newestFirst).slice(0, limit).map(toMovementView);
  }

  /** One movement in full; a transaction of another kind, or none, is refused on `id`. */
  async one(id: string): Promise<MovementRecord> {
    const wanted = id.trim();
    let tx: Transaction;
    try {
      tx = await this.deps.api.transaction(wanted);
    } catch (error) {
      if (isApiError(error) && error.code === 10001 && error.field === 'id') throw notFound(wanted);
      throw toAppFailure(error);
    }
    if (!isMovement(tx)) throw new AppFailure('NOT_FOUND', `Transaction ${wanted} is a ${tx.type.toLowerCase()}, not a movement between accounts`, 'id');
    return toMovementRecord(tx);
  }

  /** A transaction from the wallet stream: a movement is pushed as it appears or changes. */
  onServiceTransaction(tx: Transaction): void {
    if (isMovement(tx)) this.deps.notices.movement(toMovementView(tx));
  }
}

function notFound(id: string): AppFailure {
  return new AppFailure('NOT_FOUND', `This account has no transaction ${id}`, 'id');
}

function timeOf(iso: string | null): number {
  return iso === null ? Number.NaN : Date.parse(iso);
}

function compareIds(a: string, b: string): number {
  if (/^\d{1,30}$/.test(a) && /^\d{1,30}$/.test(b)) {
    const [x, y] = [BigInt(a), BigInt(b)];
    return x === y ? 0 : x > y ? 1 : -1;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}
