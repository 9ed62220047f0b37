// Incoming deposits (the deposit control, buy-crypto payouts): PENDING at the account's current
// address, confirmed on the sandbox clock by the chain simulator, or settled at once.
import { randomUUID } from 'node:crypto';
import type Decimal from '../decimal';
import type { CurrencyDef, NetworkDef } from '../catalog';
import type { SandboxContext } from '../context';
import type { TxSubtype } from '../db/transactions';
import { generateHash } from './address-gen';
import { ensureAddress } from './addresses';
import { formatAmount } from './money';

export interface DepositRequest {
  accountId: number;
  currency: CurrencyDef;
  network: NetworkDef;
  amount: Decimal;
  subtype?: TxSubtype;
  meta?: Record<string, unknown>;
  /** Credit at once (SUCCESS) instead of waiting for confirmations. */
  instant?: boolean;
  /** Deposit to this address instead of the current one. */
  address?: string;
  /** The operation this deposit completes (a buy-crypto order's), instead of a new one. */
  operationId?: string;
  /** The chain hash, when the caller already gave it out (a buy-crypto payout's meta.tx_hash). */
  hash?: string;
}

export function createDeposit(ctx: SandboxContext, request: DepositRequest): number {
  const now = ctx.clock.now();
  const target = ensureAddress(ctx, request.accountId, request.currency, request.network);
  const code = request.currency.code;
  const required = request.network.payinConfirmations;
  const txId = randomUUID();
  return ctx.ledger.run((tx) => {
    if (request.instant) tx.move(request.accountId, 'wallet', code, request.amount);
    return tx.insert({
      account_id: request.accountId, status: request.instant ? 'SUCCESS' : 'PENDING', type: 'DEPOSIT',
      subtype: request.subtype ?? 'BLOCKCHAIN', created_at: now, updated_at: now, last_activity_at: now,
      operation_id: request.operationId ?? randomUUID(), tx_id: txId, currency: code, network: request.network.network,
      amount: formatAmount(request.amount, code), fee: null, address: request.address ?? target.address,
      payment_id: request.address === undefined ? target.payment_id : null,
      hash: request.hash ?? generateHash(request.network.network, `${txId}:hash`), offchain_id: null,
      confirmations: request.instant ? required : 0, required_confirmations: required, public_comment: null,
      error_code: null, senders: JSON.stringify([]), wallet_id: null, operation_type: null,
      meta: request.meta ? JSON.stringify(request.meta) : null, held: null, commit_deadline: null,
      broadcast_at: request.instant ? null : now,
    });
  });
}
