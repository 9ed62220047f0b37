// Money-moving calls whose outcome is unknown come back as `uncertain`, never re-sent. The
// pending operation is plain data (the app writes it to the audit log) and the reconciler decides
// from the transaction history whether it happened.
import Decimal from '../../preload/contract/decimal';
import { sleep } from './backoff';
import type { Transaction, TransactionFilter } from './domain';

export const MONEY_MOVES = ['withdraw', 'transfer', 'convert', 'internalWithdraw', 'subAccountTransfer'] as const;
export type MoneyMove = (typeof MONEY_MOVES)[number];

export interface PendingOperation {
  kind: MoneyMove;
  currency: string;
  /** Exact decimal text of the requested amount. */
  amount: string;
  /** Address, 'wallet>spot', beneficiary, target currency or 'to_sub_account:<id>'. */
  destination: string | undefined;
  /** Service-clock time the request was signed. */
  sentAtMs: number;
  /** Service time after which a request not yet in the history can no longer appear. */
  settleByMs: number;
}

export type Settled<T> =
  | { status: 'done'; value: T }
  | { status: 'uncertain'; operation: PendingOperation; reason: string };

export type Reconciliation =
  | { status: 'found'; transaction: Transaction }
  | { status: 'absent' }
  | { status: 'pending'; detail: string }
  | { status: 'ambiguous'; candidates: Transaction[] };

/** How far before the signed time a record may be stamped (clock resolution and skew). */
const EARLY_SLACK_MS = 60_000;

export interface HistorySource {
  transactions(filter: TransactionFilter): AsyncIterable<Transaction>;
  serviceNow(): number;
}

/**
 * Record types a move may appear as. Services differ on sub-account moves: a TRANSFER, or a
 * WITHDRAW on the sending side and a DEPOSIT on the receiving one (subtype SUB_ACCOUNT either way).
 */
const TYPES_OF_MOVE: Readonly<Record<MoneyMove, readonly string[]>> = {
  withdraw: ['WITHDRAW'],
  internalWithdraw: ['WITHDRAW'],
  transfer: ['TRANSFER'],
  subAccountTransfer: ['TRANSFER', 'WITHDRAW', 'DEPOSIT'],
  convert: ['SWAP'],
};

export function matchesOperation(operation: PendingOperation, tx: Transaction): boolean {
  if (!TYPES_OF_MOVE[operation.kind].includes(tx.type) || tx.currency !== operation.currency) return false;
  if (!amountMatches(operation, tx)) return false;
  switch (operation.kind) {
    case 'withdraw':
      return tx.address === operation.destination && tx.subtype !== 'OFFCHAIN';
    case 'transfer':
      return tx.subtype === (operation.destination === 'wallet>spot' ? 'WALLET_TO_SPOT' : 'SPOT_TO_WALLET');
    case 'subAccountTransfer': {
      const outgoing = operation.destination?.startsWith('to_sub_account') === true;
      return tx.subtype === 'SUB_ACCOUNT' && tx.type !== (outgoing ? 'DEPOSIT' : 'WITHDRAW');
    }
    case 'internalWithdraw':
    case 'convert':
      return true;
  }
}

/** With include_fee the recorded amount may be net of the fee. */
function amountMatches(operation: PendingOperation, tx: Transaction): boolean {
  const wanted = new Decimal(operation.amount);
  if (tx.amount.abs().equals(wanted)) return true;
  return tx.fee !== undefined && tx.amount.abs().plus(tx.fee).equals(wanted);
}

export async function reconcile(operation: PendingOperation, source: HistorySource): Promise<Reconciliation> {
  const from = new Date(operation.sentAtMs - EARLY_SLACK_MS).toISOString();
  const candidates: Transaction[] = [];
  for await (const tx of source.transactions({ currencies: [operation.currency], types: TYPES_OF_MOVE[operation.kind], from })) {
    if (matchesOperation(operation, tx)) candidates.push(tx);
  }
  if (candidates.length === 1 && candidates[0] !== undefined) return { status: 'found', transaction: candidates[0] };
  if (candidates.length > 1) return { status: 'ambiguous', candidates };
  if (source.serviceNow() >= operation.settleByMs) return { status: 'absent' };
  return { status: 'pending', detail: `not in the history yet; proven absent after ${new Date(operation.settleByMs).toISOString()}` };
}

export interface ReconcileLoopOptions {
  pollMs?: number;
  signal?: AbortSignal;
}

/** Polls until the operation is found, proven absent or found ambiguous. */
export async function reconcileUntilSettled(
  operation: PendingOperation,
  source: HistorySource,
  options: ReconcileLoopOptions = {},
): Promise<Exclude<Reconciliation, { status: 'pending' }>> {
  for (;;) {
    const outcome = await reconcile(operation, source);
    if (outcome.status !== 'pending') return outcome;
    if (options.signal?.aborted === true) throw new Error('reconciliation aborted');
    const wait = Math.min(options.pollMs ?? 2_000, Math.max(50, operation.settleByMs - source.serviceNow() + 10));
    await sleep(wait);
  }
}
