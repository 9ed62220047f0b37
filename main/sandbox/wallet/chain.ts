// Time-driven state of transactions, run on every sandbox-clock advance and once a second:
// uncommitted withdrawals expire after one hour; broadcast withdrawals and deposits gain a
// confirmation every CONFIRMATION_INTERVAL_MS and settle when they have enough.
import Decimal from '../decimal';
import type { SandboxContext } from '../context';
import type { TxRow } from '../db/transactions';
import type { LedgerTx } from './ledger';
import { CONFIRMATION_INTERVAL_MS, rollbackInside } from './withdraw';

export type TimeHook = (nowMs: number) => void;

export function advanceChain(ctx: SandboxContext, nowMs: number): void {
  const live = ctx.transactions.live();
  if (live.length === 0) return;
  ctx.ledger.run((tx) => {
    for (const row of live) step(tx, row, nowMs);
  });
}

function step(tx: LedgerTx, row: TxRow, now: number): void {
  if (row.status === 'CREATED') {
    if (row.commit_deadline !== null && row.commit_deadline <= now) rollbackInside(tx, row, now);
    return;
  }
  if (row.broadcast_at === null) return;
  const required = row.required_confirmations ?? 1;
  const confirmations = Math.min(required, Math.floor((now - row.broadcast_at) / CONFIRMATION_INTERVAL_MS));
  if (confirmations <= (row.confirmations ?? 0)) return;
  if (confirmations < required) {
    tx.update(row.id, { confirmations, updated_at: now, last_activity_at: now });
    return;
  }
  settle(tx, row, confirmations, now);
}

function settle(tx: LedgerTx, row: TxRow, confirmations: number, now: number): void {
  if (row.type === 'WITHDRAW') {
    const held = new Decimal(row.held ?? 0);
    tx.move(row.account_id, 'wallet', row.currency, 0, held.negated());
  } else if (row.type === 'DEPOSIT') {
    tx.move(row.account_id, 'wallet', row.currency, row.amount);
  }
  tx.update(row.id, { status: 'SUCCESS', confirmations, updated_at: now, last_activity_at: now, held: null, broadcast_at: null });
}

/** The chain refuses a transaction (test control): a withdrawal's held funds come back. */
export function failTransaction(ctx: SandboxContext, id: number, errorCode: string): TxRow | undefined {
  return ctx.ledger.run((tx) => {
    const row = tx.get(id);
    if (!row || (row.status !== 'CREATED' && row.status !== 'PENDING')) return undefined;
    const now = ctx.clock.now();
    if (row.type === 'WITHDRAW' && row.held !== null) {
      const held = new Decimal(row.held);
      tx.move(row.account_id, 'wallet', row.currency, held, held.negated());
    }
    tx.update(id, { status: 'FAILED', error_code: errorCode, updated_at: now, last_activity_at: now, held: null, commit_deadline: null, broadcast_at: null });
    return tx.get(id);
  });
}
