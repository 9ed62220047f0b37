// Buy-crypto quotes and orders. An order starts `initial` with a checkout page served by the
// sandbox; paying moves it to `in_progress`, and PAYMENT_PROCESSING_MS of sandbox time later to
// `completed` with the crypto credited (DEPOSIT / BUY_CRYPTO with meta, under the order's operation id). Abandoning the checkout,
// or leaving it unpaid for CHECKOUT_TTL_MS, expires it.
import { randomBytes, randomUUID } from 'node:crypto';
import Decimal from '../decimal';
import { findCurrency } from '../catalog';
import type { SandboxContext } from '../context';
import { cachedStatement } from '../db/open';
import { validationError } from '../http/errors';
import { generateHash } from '../wallet/address-gen';
import { createDeposit } from '../wallet/deposits';
import { ensureAddress, resolveNetwork } from '../wallet/addresses';
import { formatAmount } from '../wallet/money';
import { iso } from '../wallet/transaction-record';
import type { PaymentMethodDef, ProviderDef } from './providers';

export const CHECKOUT_TTL_MS = 30 * 60_000;
export const PAYMENT_PROCESSING_MS = 30_000;

export interface BuyOrderRow {
  id: number; account_id: number; provider_id: number; payment_method_id: number; source_code: string; target_code: string;
  target_network: string; source_amount: string; target_amount: string; wallet_address: string; status: string;
  checkout_token: string; operation_id: string; created_at: number; updated_at: number; complete_at: number | null;
}

export interface Quote {
  spotPrice: Decimal;
  sourceAmount: Decimal;
  targetAmount: Decimal;
}

/** Price of one target unit in the source currency, and the amounts after the method's fee. */
export function quote(ctx: SandboxContext, source: string, target: string, method: PaymentMethodDef, amounts: { source?: Decimal; target?: Decimal }): Quote {
  const spotPrice = ctx.market.rate(target, source);
  if (spotPrice === null || spotPrice.lte(0)) throw validationError('target', `no price for ${target} in ${source}`);
  const keep = new Decimal(1).minus(method.feeRate);
  const sourceAmount = amounts.source ?? (amounts.target ? amounts.target.times(spotPrice).div(keep) : new Decimal(100));
  const targetAmount = amounts.target ?? sourceAmount.times(keep).div(spotPrice);
  return { spotPrice, sourceAmount, targetAmount };
}

export function checkPair(provider: ProviderDef, source: string, target: string, network: string | undefined): { network: string } {
  if (!provider.sources.includes(source)) throw validationError('source', `${provider.name} does not accept ${source}`);
  const targets = provider.targets.filter((t) => t.code === target && (network === undefined || t.network === network.toUpperCase()));
  const first = targets[0];
  if (!first) throw validationError(network === undefined ? 'target' : 'target_network_code', `${provider.name} does not sell ${target}${network ? ` on ${network}` : ''}`);
  return { network: first.network };
}

export function createOrder(ctx: SandboxContext, accountId: number, provider: ProviderDef, method: PaymentMethodDef, source: string, target: string, network: string, q: Quote): BuyOrderRow {
  if (q.sourceAmount.lt(method.sourceMin) || q.sourceAmount.gt(method.sourceMax)) {
    throw validationError('source_amount', `must be between ${method.sourceMin} and ${method.sourceMax} ${source}`);
  }
  const currency = findCurrency(target);
  if (!currency) throw validationError('target', `${target} is unknown`);
  const address = ensureAddress(ctx, accountId, currency, resolveNetwork(currency, network, 'target_network_code'));
  const now = ctx.clock.now();
  const row: Omit<BuyOrderRow, 'id'> = {
    account_id: accountId, provider_id: provider.id, payment_method_id: method.id, source_code: source, target_code: target,
    target_network: network, source_amount: formatAmount(q.sourceAmount, source), target_amount: formatAmount(q.targetAmount, target),
    wallet_address: address.address, status: 'initial', checkout_token: randomBytes(16).toString('hex'), operation_id: randomUUID(),
    created_at: now, updated_at: now, complete_at: null,
  };
  const result = cachedStatement(ctx.db, `INSERT INTO buy_orders (account_id, provider_id, payment_method_id, source_code, target_code,
    target_network, source_amount, target_amount, wallet_address, status, checkout_token, operation_id, created_at, updated_at, complete_at)
    VALUES (@account_id, @provider_id, @payment_method_id, @source_code, @target_code, @target_network, @source_amount,
    @target_amount, @wallet_address, @status, @checkout_token, @operation_id, @created_at, @updated_at, @complete_at)`).run(row);
  return { ...row, id: Number(result.lastInsertRowid) };
}

export function orderRecord(row: BuyOrderRow, baseUrl: string): Record<string, unknown> {
  return {
    id: row.id, provider_id: row.provider_id, order_type: 'buy', source_code: row.source_code, target_code: row.target_code,
    target_network_code: row.target_network, source_amount: row.source_amount, target_amount: row.target_amount,
    payment_method_id: row.payment_method_id, wallet_address: row.wallet_address,
    checkout_url: `${baseUrl}/checkout/${row.checkout_token}`, status: row.status, created_at: iso(row.created_at),
    operation_id: row.operation_id,
  };
}

export function orderByToken(ctx: SandboxContext, token: string): BuyOrderRow | undefined {
  return cachedStatement(ctx.db, 'SELECT * FROM buy_orders WHERE checkout_token = ?').get(token) as BuyOrderRow | undefined;
}

function setStatus(ctx: SandboxContext, id: number, status: string, completeAt: number | null = null): void {
  cachedStatement(ctx.db, 'UPDATE buy_orders SET status = ?, updated_at = ?, complete_at = ? WHERE id = ?').run(status, ctx.clock.now(), completeAt, id);
}

export function payOrder(ctx: SandboxContext, row: BuyOrderRow): void {
  if (row.status === 'initial') setStatus(ctx, row.id, 'in_progress', ctx.clock.now() + PAYMENT_PROCESSING_MS);
}

export function abandonOrder(ctx: SandboxContext, row: BuyOrderRow): void {
  if (row.status === 'initial') setStatus(ctx, row.id, 'expired');
}

/** Time step: expire unpaid checkouts; complete paid ones, crediting the crypto. */
export function advanceBuyOrders(ctx: SandboxContext, nowMs: number, providerName: (id: number) => string, methodType: (id: number) => string): void {
  cachedStatement(ctx.db, "UPDATE buy_orders SET status = 'expired', updated_at = ? WHERE status = 'initial' AND created_at <= ?").run(nowMs, nowMs - CHECKOUT_TTL_MS);
  const due = cachedStatement(ctx.db, "SELECT * FROM buy_orders WHERE status = 'in_progress' AND complete_at <= ?").all(nowMs) as BuyOrderRow[];
  for (const row of due) {
    const currency = findCurrency(row.target_code);
    if (!currency) continue;
    const network = resolveNetwork(currency, row.target_network);
    // The deposit shares the order's operation id, and its meta names the deposit's own hash.
    const hash = generateHash(network.network, `${row.operation_id}:payout`);
    createDeposit(ctx, {
      accountId: row.account_id, currency, network, amount: new Decimal(row.target_amount), subtype: 'BUY_CRYPTO', instant: true,
      address: row.wallet_address, operationId: row.operation_id, hash,
      meta: {
        provider_name: providerName(row.provider_id), order_type: 'buy', source_currency: row.source_code,
        target_currency: row.target_code, wallet_address: row.wallet_address, tx_hash: hash, source_amount: row.source_amount,
        target_amount: row.target_amount, status: 'completed', payment_method_type: methodType(row.payment_method_id),
      },
    });
    setStatus(ctx, row.id, 'completed');
  }
}
