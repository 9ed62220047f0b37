// Crypto withdrawals and their two-phase commit: CREATED (funds reserved) → PUT commit → PENDING
// → confirmations on the sandbox clock → SUCCESS; DELETE rollback (or one hour uncommitted) →
// ROLLED_BACK with the funds released. Commit and rollback are idempotent.
import { randomUUID } from 'node:crypto';
import Decimal from '../decimal';
import type { CurrencyDef, NetworkDef } from '../catalog';
import type { SandboxContext } from '../context';
import { canTransact } from '../db/accounts';
import type { TxRow } from '../db/transactions';
import { ServiceError, validationError } from '../http/errors';
import { generateHash, matchesRegex } from './address-gen';
import { ownerOfAddress } from './addresses';
import type { LedgerTx } from './ledger';
import { formatAmount } from './money';

export const COMMIT_WINDOW_MS = 3_600_000;
/** Sandbox time between two simulated block confirmations. */
export const CONFIRMATION_INTERVAL_MS = 10_000;
export const USE_OFFCHAIN = ['never', 'optionally', 'required'] as const;
export type UseOffchain = (typeof USE_OFFCHAIN)[number];
/** fee_level_id: 1 standard, 2 fast, 3 fastest (multiplier of the network's payout fee). */
export const FEE_LEVELS: Readonly<Record<number, string>> = { 1: '1', 2: '1.5', 3: '2' };

export interface WithdrawRequest {
  accountId: number;
  currency: CurrencyDef;
  network: NetworkDef;
  amount: Decimal;
  address: string;
  paymentId?: string;
  includeFee: boolean;
  autoCommit: boolean;
  useOffchain: UseOffchain;
  feeLevelId: number;
  publicComment?: string;
  walletId?: string;
}

export const errorsOfAccount = {
  disabled: () => new ServiceError(400, 10021, 'User disabled', 'The account is frozen or disabled'),
  notAllowed: (why: string) => new ServiceError(400, 600, 'Action is not allowed', why),
  /** SUPPLEMENT.md's 20018: withdrawals unavailable under the current configuration (the ACL). */
  withdrawalsUnavailable: () => new ServiceError(400, 20018, 'Withdrawals are unavailable under the current configuration', 'withdraw_enabled is false for this account'),
};

export function transactionNotFound(id: string): ServiceError {
  return validationError('id', `transaction ${id} not found`);
}

export function withdrawalFee(network: NetworkDef, feeLevelId: number): Decimal {
  return new Decimal(network.payoutFee).times(FEE_LEVELS[feeLevelId] ?? '1');
}

/** Checks that do not depend on balances; every failure names its parameter. */
export function checkWithdrawTarget(request: WithdrawRequest): void {
  const { currency, network } = request;
  if (!currency.crypto) throw validationError('currency', `${currency.code} is not a crypto currency and cannot be withdrawn`);
  if (!currency.payoutEnabled || !network.payoutEnabled) throw validationError('currency', `withdrawals of ${currency.code} on ${network.network} are disabled (payout_enabled is false)`);
  if (request.amount.lt(network.precisionPayout)) throw validationError('amount', `must be at least ${network.precisionPayout}`);
  if (!matchesRegex(network.addressRegex, request.address)) throw validationError('address', `is not a valid ${network.network} address`);
  if (network.payoutIsPaymentId && request.paymentId === undefined) throw validationError('payment_id', `is required for ${currency.code} on ${network.network}`);
  if (request.paymentId !== undefined && !matchesRegex(network.paymentIdRegex, request.paymentId)) throw validationError('payment_id', `does not match ${network.paymentIdRegex ?? ''}`);
}

export function createWithdrawal(ctx: SandboxContext, request: WithdrawRequest): number {
  checkWithdrawTarget(request);
  const account = ctx.accounts.get(request.accountId);
  if (!account || !canTransact(account.status)) throw errorsOfAccount.disabled();
  if (!account.withdrawEnabled) throw errorsOfAccount.withdrawalsUnavailable();
  const recipient = ownerOfAddress(ctx, request.address);
  const offchain = recipient !== undefined && request.useOffchain !== 'never';
  if (request.useOffchain === 'required' && !offchain) throw validationError('use_offchain', 'the address cannot receive off-chain');
  const fee = offchain ? new Decimal(0) : withdrawalFee(request.network, request.feeLevelId);
  const sent = request.includeFee ? request.amount.minus(fee) : request.amount;
  const debit = request.includeFee ? request.amount : request.amount.plus(fee);
  if (sent.lte(0)) throw validationError('amount', 'must be greater than the fee when include_fee is true');
  const now = ctx.clock.now();
  const code = request.currency.code;
  return ctx.ledger.run((tx) => {
    tx.move(request.accountId, 'wallet', code, debit.negated(), debit);
    const id = tx.insert({
      account_id: request.accountId, status: 'CREATED', type: 'WITHDRAW', subtype: offchain ? 'OFFCHAIN' : 'BLOCKCHAIN',
      created_at: now, updated_at: now, last_activity_at: now, operation_id: randomUUID(), tx_id: randomUUID(),
      currency: code, network: request.network.network, amount: formatAmount(sent, code), fee: formatAmount(fee, code),
      address: request.address, payment_id: request.paymentId ?? null, hash: null, offchain_id: null,
      confirmations: null, required_confirmations: request.network.payinConfirmations,
      public_comment: request.publicComment ?? null, error_code: null, senders: null, wallet_id: request.walletId ?? null,
      operation_type: null, meta: null, held: formatAmount(debit, code),
      commit_deadline: request.autoCommit ? null : now + COMMIT_WINDOW_MS, broadcast_at: null,
    });
    if (request.autoCommit) commitInside(ctx, tx, tx.get(id) as TxRow, now);
    return id;
  });
}

function ownWithdrawal(tx: LedgerTx, accountId: number, id: string): TxRow {
  const row = /^\d+$/.test(id) ? tx.get(Number.parseInt(id, 10)) : undefined;
  if (!row || row.account_id !== accountId || row.type !== 'WITHDRAW') throw transactionNotFound(id);
  return row;
}

/** PUT: CREATED → PENDING. True when the withdrawal is (now or already) committed. */
export function commitWithdrawal(ctx: SandboxContext, accountId: number, id: string): boolean {
  return ctx.ledger.run((tx) => {
    const row = ownWithdrawal(tx, accountId, id);
    const now = ctx.clock.now();
    // Past the commit window the service has rolled it back, even if the time step has not run yet.
    if (row.status === 'CREATED' && row.commit_deadline !== null && row.commit_deadline <= now) {
      rollbackInside(tx, row, now);
      return false;
    }
    if (row.status === 'ROLLED_BACK') return false;
    if (row.status === 'CREATED') commitInside(ctx, tx, row, now);
    return true;
  });
}

/** DELETE: CREATED → ROLLED_BACK. True when the withdrawal is (now or already) rolled back. */
export function rollbackWithdrawal(ctx: SandboxContext, accountId: number, id: string): boolean {
  return ctx.ledger.run((tx) => {
    const row = ownWithdrawal(tx, accountId, id);
    if (row.status === 'ROLLED_BACK') return true;
    if (row.status !== 'CREATED') return false;
    rollbackInside(tx, row, ctx.clock.now());
    return true;
  });
}

function commitInside(ctx: SandboxContext, tx: LedgerTx, row: TxRow, now: number): void {
  if (row.subtype === 'OFFCHAIN') {
    settleOffchain(ctx, tx, row, now);
    return;
  }
  tx.update(row.id, {
    status: 'PENDING', updated_at: now, last_activity_at: now, commit_deadline: null, broadcast_at: now,
    confirmations: 0, hash: generateHash(row.network, `${row.tx_id}:hash`),
  });
}

export function rollbackInside(tx: LedgerTx, row: TxRow, now: number): void {
  const held = new Decimal(row.held ?? 0);
  tx.move(row.account_id, 'wallet', row.currency, held, held.negated());
  tx.update(row.id, { status: 'ROLLED_BACK', updated_at: now, last_activity_at: now, commit_deadline: null, held: null });
}

/** An off-chain withdrawal to another sandbox account's address settles at once. */
function settleOffchain(ctx: SandboxContext, tx: LedgerTx, row: TxRow, now: number): void {
  const held = new Decimal(row.held ?? 0);
  tx.move(row.account_id, 'wallet', row.currency, 0, held.negated());
  const offchainId = randomUUID();
  tx.update(row.id, { status: 'SUCCESS', updated_at: now, last_activity_at: now, commit_deadline: null, held: null, offchain_id: offchainId });
  const recipient = row.address === null ? undefined : ownerOfAddress(ctx, row.address);
  if (recipient === undefined) return;
  tx.move(recipient, 'wallet', row.currency, row.amount);
  const { id: _senderId, ...fields } = row;
  tx.insert({
    ...fields, account_id: recipient, status: 'SUCCESS', type: 'DEPOSIT', subtype: 'OFFCHAIN', created_at: now,
    updated_at: now, last_activity_at: now, operation_id: randomUUID(), tx_id: randomUUID(), fee: null,
    offchain_id: offchainId, held: null, commit_deadline: null, broadcast_at: null, public_comment: row.public_comment,
  });
}
