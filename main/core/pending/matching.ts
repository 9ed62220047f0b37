// How a money move whose answer was lost is recognised in the transaction history. The rules are
// strict on purpose: a wrong "found" pins the move on somebody else's transaction, so anything
// short of exactly one candidate that nothing else holds goes to a person.
//   - only transactions after the pre-send cursor (newer than everything seen before sending),
//     and stamped no later than the end of the signature window (the service refuses it after);
//   - the same kind and direction, the same currency, the exact amount under the fee mode used;
//   - never a transaction already attributed to another move;
//   - one candidate: found; more: ambiguous; none once the window has closed: absent;
//   - when other desks or scripts use the account, any candidate is ambiguous (it may be theirs),
//     and a move with no window (the service may run it late) is never absent by time.
import Decimal from '../../../preload/contract/decimal';
import type { MoveCandidate } from '../../../preload/contract/pending';
import type { BuyCryptoOrder, SpotOrder, Transaction, TransactionFilter } from '../../exchange/domain';
import type { PendingMove } from './store';

/** Without a cursor, how far before the signed time a record may be stamped (clock resolution). */
export const EARLY_SLACK_MS = 10_000;

/** The record type a buy-crypto order takes when it is matched like a transaction. */
const BUY_ORDER = 'BUY_CRYPTO_ORDER';
/** The record type a spot order takes when it settles its move. */
export const SPOT_ORDER = 'SPOT_ORDER';

type HistoryKind = Exclude<PendingMove['kind'], 'commit' | 'rollback'>;

const TYPES_OF_KIND: Readonly<Record<HistoryKind, readonly string[]>> = {
  withdraw: ['WITHDRAW'],
  internalWithdraw: ['WITHDRAW'],
  transfer: ['TRANSFER'],
  convert: ['SWAP'],
  // Services differ: a TRANSFER, or a WITHDRAW on the sending side and a DEPOSIT on the receiving one.
  subAccountTransfer: ['TRANSFER', 'WITHDRAW', 'DEPOSIT'],
  // Read from the provider's order list, not the wallet history (see orderAsTransaction).
  buyCryptoOrder: [BUY_ORDER],
  // Never matched: found by its client order id among the active orders and the order history.
  spotOrder: [SPOT_ORDER],
};

export function isHistoryKind(kind: PendingMove['kind']): kind is HistoryKind {
  return kind !== 'commit' && kind !== 'rollback';
}

/** What to read from the history to find the move: its currency and types, after its cursor. */
export function historyFilter(move: PendingMove): TransactionFilter {
  const types = isHistoryKind(move.kind) ? TYPES_OF_KIND[move.kind] : ['WITHDRAW'];
  if (move.cursorId !== null && isNumericId(move.cursorId)) {
    return { currencies: [move.currency], types, idFrom: (BigInt(move.cursorId) + 1n).toString() };
  }
  const since = (move.sentAtMs ?? 0) - EARLY_SLACK_MS;
  return { currencies: [move.currency], types, from: new Date(since).toISOString() };
}

/** The move's own kind, direction, currency and exact amount (nothing about time or claims). */
export function looksLike(move: PendingMove, tx: Transaction): boolean {
  if (!isHistoryKind(move.kind)) return false;
  if (!TYPES_OF_KIND[move.kind].includes(tx.type) || tx.currency !== move.currency) return false;
  if (!amountMatches(move, tx)) return false;
  switch (move.kind) {
    case 'withdraw':
      return tx.address === move.destination && tx.subtype !== 'OFFCHAIN' && tx.subtype !== 'SUB_ACCOUNT';
    case 'internalWithdraw':
      return tx.subtype === 'OFFCHAIN';
    case 'transfer':
      return tx.subtype === (move.destination === 'wallet>spot' ? 'WALLET_TO_SPOT' : 'SPOT_TO_WALLET');
    case 'subAccountTransfer': {
      const outgoing = move.destination?.startsWith('to_sub_account') === true;
      return tx.subtype === 'SUB_ACCOUNT' && tx.type !== (outgoing ? 'DEPOSIT' : 'WITHDRAW');
    }
    case 'convert':
      return tx.subtype === 'INSTANT_EXCHANGE' || tx.subtype === 'UNCLASSIFIED';
    case 'buyCryptoOrder':
      return tx.subtype === move.destination;
    case 'spotOrder':
      return false;
  }
}

/** A provider's order as a record the rules can judge: its source amount and currency, and
 *  '<provider>><target>' where a transaction has its subtype. */
export function orderAsTransaction(order: BuyCryptoOrder, providerId: string): Transaction {
  const createdAt = order.createdAt ?? new Date(0).toISOString();
  return {
    id: order.id, status: order.status.toUpperCase(), type: BUY_ORDER, subtype: `${providerId}>${order.targetCode}`, createdAt,
    updatedAt: createdAt, currency: order.sourceCode, amount: order.sourceAmount ?? new Decimal(-1), fee: undefined,
    networkCode: undefined, address: order.walletAddress, paymentId: undefined, hash: undefined, txId: undefined,
    operationId: order.operationId, operationType: undefined, confirmations: undefined, publicComment: undefined,
  };
}

/** A spot order as the record that settles its move: its id, and what it is of which symbol. */
export function spotOrderAsTransaction(order: SpotOrder): Transaction {
  return {
    id: order.id, status: order.status.toUpperCase(), type: SPOT_ORDER, subtype: `${order.symbol}:${order.side}`, createdAt: order.createdAt,
    updatedAt: order.updatedAt, currency: order.symbol, amount: order.quantity, fee: undefined, networkCode: undefined, address: undefined,
    paymentId: undefined, hash: undefined, txId: undefined, operationId: order.clientOrderId, operationType: undefined,
    confirmations: undefined, publicComment: undefined,
  };
}

/** Orders and wallet transactions are numbered apart: a claim says which one it holds. */
export function claimKey(kind: PendingMove['kind'], id: string): string {
  if (kind === 'spotOrder') return `spot:${id}`;
  return kind === 'buyCryptoOrder' ? `order:${id}` : id;
}

/** The provider a buy-crypto move goes to (its destination is '<provider>><target>'). */
export function providerOf(destination: string | null): string {
  return (destination ?? '').split('>')[0] ?? '';
}

/** Appeared after the move was sent, and early enough that the service could have accepted it. */
export function inWindow(move: PendingMove, tx: Transaction): boolean {
  const stamped = Date.parse(tx.createdAt);
  if (move.settleByMs !== null && !(stamped <= move.settleByMs)) return false;
  if (move.cursorId !== null && isNumericId(move.cursorId) && isNumericId(tx.id)) return BigInt(tx.id) > BigInt(move.cursorId);
  return move.sentAtMs !== null && stamped >= move.sentAtMs - EARLY_SLACK_MS;
}

/** `claimed` holds claim keys (claimKey): what other moves already hold. */
export function isCandidate(move: PendingMove, tx: Transaction, claimed: ReadonlySet<string>): boolean {
  return !claimed.has(claimKey(move.kind, tx.id)) && looksLike(move, tx) && inWindow(move, tx);
}

/** Exact: the fee mode actually requested decides which amount the history must show. */
function amountMatches(move: PendingMove, tx: Transaction): boolean {
  const wanted = new Decimal(move.amount);
  const recorded = tx.amount.abs();
  if (move.kind === 'withdraw' && move.feeMode === 'included') {
    return tx.fee !== undefined && recorded.plus(tx.fee).equals(wanted);
  }
  return recorded.equals(wanted);
}

export type Decision =
  | { status: 'wait' }
  | { status: 'found'; transaction: Transaction }
  | { status: 'absent' }
  | { status: 'ambiguous'; candidates: Transaction[]; othersUseAccount?: boolean };

/**
 * What the candidates prove. A move with a deadline is decided once it has passed: one candidate
 * found, several ambiguous, none absent. A move with none (the service may still run it) is
 * decided only by what appears: until then it waits, never absent. When other desks or scripts use
 * the account, a candidate may be theirs: any candidate goes to a person.
 */
export function decide(move: PendingMove, candidates: readonly Transaction[], serviceNow: number, othersUseAccount = false): Decision {
  if (move.settleByMs !== null && serviceNow < move.settleByMs) return { status: 'wait' };
  const [only, ...others] = candidates;
  if (only === undefined) return move.settleByMs === null ? { status: 'wait' } : { status: 'absent' };
  if (others.length === 0 && !othersUseAccount) return { status: 'found', transaction: only };
  return { status: 'ambiguous', candidates: [...candidates], othersUseAccount };
}

/** The decision for a commit or rollback: the withdrawal's own status tells whether it happened,
 *  or that it never can (rolled back before a commit, committed before a rollback). */
export function decideDecision(move: PendingMove, tx: Transaction, serviceNow: number): Decision {
  const committed = ['PENDING', 'SUCCESS', 'FAILED'].includes(tx.status);
  const happened = move.kind === 'commit' ? committed : tx.status === 'ROLLED_BACK';
  if (happened) return { status: 'found', transaction: tx };
  const impossible = move.kind === 'commit' ? tx.status === 'ROLLED_BACK' : committed;
  if (impossible) return { status: 'absent' };
  if (move.settleByMs === null || serviceNow < move.settleByMs) return { status: 'wait' };
  return { status: 'absent' };
}

export function toCandidate(tx: Transaction): MoveCandidate {
  return {
    id: tx.id, createdAt: tx.createdAt, currency: tx.currency, amount: tx.amount.abs().toFixed(),
    fee: tx.fee?.toFixed() ?? null, address: tx.address ?? null, status: tx.status, type: tx.type, subtype: tx.subtype,
  };
}

export function isNumericId(id: string): boolean {
  return /^\d{1,30}$/.test(id);
}
