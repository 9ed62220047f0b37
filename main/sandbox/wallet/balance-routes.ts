// Wallet and spot balances, wallet ↔ spot transfers, conversions and internal withdrawals.
import { randomUUID } from 'node:crypto';
import Decimal from '../decimal';
import { findCurrency, type CurrencyDef } from '../catalog';
import type { SandboxContext } from '../context';
import { canTransact } from '../db/accounts';
import type { BalanceRow, BalanceSide } from '../db/balances';
import type { NewTx } from '../db/transactions';
import { ServiceError, errors, validationError } from '../http/errors';
import { ParamReader } from '../http/params';
import type { RouteContext, RouteRegistry } from '../http/route';
import { activeCaller, callerId } from './access';
import { formatAmount } from './money';
import { errorsOfAccount } from './withdraw';

/** Spread the service keeps on conversions. */
export const CONVERT_SPREAD = '0.002';
const SIDES = ['wallet', 'spot'] as const;
const LOOKUP_FIELDS = ['email', 'username', 'external_id'] as const;

export function registerBalanceRoutes(routes: RouteRegistry, ctx: SandboxContext): void {
  routes.add('GET', '/api/3/wallet/balance', 'PAY', (r) => listBalances(ctx, callerId(r), 'wallet', ParamReader.of(r).text('currency')));
  routes.add('GET', '/api/3/wallet/balance/:currency', 'PAY', (r) => oneBalance(ctx, callerId(r), 'wallet', r.params.currency ?? ''));
  routes.add('GET', '/api/3/spot/balance', 'HIST', (r) => listBalances(ctx, callerId(r), 'spot', ParamReader.of(r).text('currency')));
  routes.add('GET', '/api/3/spot/balance/:currency', 'HIST', (r) => oneBalance(ctx, callerId(r), 'spot', r.params.currency ?? ''));
  routes.add('POST', '/api/3/wallet/transfer', 'PAY', (r) => {
    const p = ParamReader.of(r);
    const currency = transferable(p.currency('currency'));
    const amount = p.amount('amount', currency.decimals);
    const source = p.oneOf('source', SIDES, 'wallet');
    if (!p.has('source')) throw validationError('source', 'is required');
    if (!p.has('destination')) throw validationError('destination', 'is required');
    const destination = p.oneOf('destination', SIDES, 'spot');
    if (source === destination) throw validationError('destination', 'must differ from source');
    return [String(transfer(ctx, activeCaller(ctx, r).id, currency.code, amount, source, destination))];
  });
  routes.add('POST', '/api/3/wallet/convert', 'PAY', (r) => {
    const p = ParamReader.of(r);
    const from = p.currency('from_currency');
    const to = p.currency('to_currency');
    if (from.code === to.code) throw validationError('to_currency', 'must differ from from_currency');
    const amount = p.amount('amount', from.decimals);
    return { result: convert(ctx, activeCaller(ctx, r).id, from.code, to.code, amount).map(String) };
  });
  routes.add('POST', '/api/3/wallet/internal/withdraw', 'WDR', (r) => {
    const p = ParamReader.of(r);
    const currency = p.currency('currency');
    const amount = p.amount('amount', currency.decimals);
    const by = p.oneOf('by', LOOKUP_FIELDS, 'email');
    if (!p.has('by')) throw validationError('by', 'is required');
    return { result: String(withdrawInternally(ctx, r, currency, amount, by, p.requiredText('identifier'))) };
  });
}

/** Refuses (10001 on currency) a currency whose wallet ↔ spot transfers are off. */
export function transferable(currency: CurrencyDef): CurrencyDef {
  if (!currency.transferEnabled) throw validationError('currency', `transfers of ${currency.code} are disabled (transfer_enabled is false)`);
  return currency;
}

/** An internal withdrawal to the account found by email, username or external id; returns the sender's transaction id. */
export function withdrawInternally(ctx: SandboxContext, route: RouteContext, currency: CurrencyDef, amount: Decimal, by: (typeof LOOKUP_FIELDS)[number], identifier: string): number {
  // Payouts of the currency off: 20018, as when the account's own withdrawals are off.
  if (!currency.payoutEnabled) throw withdrawalsUnavailable(`payout_enabled is false for ${currency.code}`);
  const sender = activeCaller(ctx, route);
  if (!sender.withdrawEnabled) throw errorsOfAccount.withdrawalsUnavailable();
  const recipient = ctx.accounts.findBy(by, identifier);
  if (!recipient || recipient.id === sender.id) throw new ServiceError(400, 22004, 'User not found', `No user with ${by} ${identifier}`);
  if (!canTransact(recipient.status)) throw errorsOfAccount.disabled();
  return moveBetweenAccounts(ctx, sender.id, recipient.id, currency.code, amount, 'OFFCHAIN');
}

function withdrawalsUnavailable(description: string): ServiceError {
  return new ServiceError(400, 20018, 'Withdrawals are unavailable under the current configuration', description);
}

function balanceRecord(row: BalanceRow, side: BalanceSide): Record<string, string> {
  const base = { currency: row.currency, available: row.available, reserved: row.reserved };
  return side === 'spot' ? { ...base, reserved_margin: formatAmount(0, row.currency), cross_margin_reserved: formatAmount(0, row.currency) } : base;
}

/** The balances of one side that are not all zero (what a balance list shows). */
export function nonZeroBalances(ctx: SandboxContext, accountId: number, side: BalanceSide): BalanceRow[] {
  return ctx.balances.all(accountId, side).filter((b) => !(new Decimal(b.available).isZero() && new Decimal(b.reserved).isZero()));
}

function listBalances(ctx: SandboxContext, accountId: number, side: BalanceSide, currency: string | undefined): Record<string, string>[] {
  const rows = nonZeroBalances(ctx, accountId, side);
  const wanted = currency === undefined ? undefined : findCurrency(currency)?.code;
  if (currency !== undefined && wanted === undefined) throw errors.currencyNotFound(currency);
  return rows.filter((b) => wanted === undefined || b.currency === wanted).map((b) => balanceRecord(b, side));
}

/** One balance, without the currency field (api-v3.md). */
function oneBalance(ctx: SandboxContext, accountId: number, side: BalanceSide, code: string): Record<string, string> {
  const currency = findCurrency(code);
  if (!currency) throw errors.currencyNotFound(code);
  const row = ctx.balances.get(accountId, side, currency.code) ?? { currency: currency.code, available: formatAmount(0, currency.code), reserved: formatAmount(0, currency.code) };
  const { currency: _omitted, ...rest } = balanceRecord(row, side);
  return rest;
}

export function settledTx(ctx: SandboxContext, fields: Pick<NewTx, 'account_id' | 'type' | 'subtype' | 'currency' | 'amount'> & Partial<NewTx>): NewTx {
  const now = ctx.clock.now();
  return {
    status: 'SUCCESS', created_at: now, updated_at: now, last_activity_at: now, operation_id: randomUUID(), tx_id: randomUUID(),
    network: null, fee: null, address: null, payment_id: null, hash: null, offchain_id: null, confirmations: null,
    required_confirmations: null, public_comment: null, error_code: null, senders: null, wallet_id: null,
    operation_type: null, meta: null, held: null, commit_deadline: null, broadcast_at: null, ...fields,
  };
}

export function transfer(ctx: SandboxContext, accountId: number, currency: string, amount: Decimal, source: BalanceSide, destination: BalanceSide): number {
  return ctx.ledger.run((tx) => {
    tx.move(accountId, source, currency, amount.negated());
    tx.move(accountId, destination, currency, amount);
    return tx.insert(settledTx(ctx, {
      account_id: accountId, type: 'TRANSFER', subtype: source === 'wallet' ? 'WALLET_TO_SPOT' : 'SPOT_TO_WALLET',
      currency, amount: formatAmount(amount, currency),
    }));
  });
}

/** Converts within the wallet at the market's rate less CONVERT_SPREAD; returns both legs' transaction ids. */
export function convert(ctx: SandboxContext, accountId: number, from: string, to: string, amount: Decimal): number[] {
  const rate = ctx.market.rate(from, to);
  if (rate === null || rate.lte(0)) throw validationError('to_currency', `no conversion rate from ${from} to ${to}`);
  const received = amount.times(rate).times(new Decimal(1).minus(CONVERT_SPREAD));
  if (new Decimal(formatAmount(received, to)).lte(0)) throw validationError('amount', 'is too small to convert');
  const operationId = randomUUID();
  return ctx.ledger.run((tx) => {
    tx.move(accountId, 'wallet', from, amount.negated());
    tx.move(accountId, 'wallet', to, received);
    const meta = JSON.stringify({ source_currency: from, target_currency: to, source_amount: formatAmount(amount, from), target_amount: formatAmount(received, to), rate: rate.toString() });
    return [
      tx.insert(settledTx(ctx, { account_id: accountId, type: 'SWAP', subtype: 'INSTANT_EXCHANGE', currency: from, amount: formatAmount(amount, from), operation_id: operationId, operation_type: 'withdraw', meta })),
      tx.insert(settledTx(ctx, { account_id: accountId, type: 'SWAP', subtype: 'INSTANT_EXCHANGE', currency: to, amount: formatAmount(received, to), operation_id: operationId, operation_type: 'deposit', meta })),
    ];
  });
}

/** An off-chain move from one sandbox account's wallet to another's; returns the sender's transaction id. */
export function moveBetweenAccounts(ctx: SandboxContext, fromId: number, toId: number, currency: string, amount: Decimal, subtype: 'OFFCHAIN' | 'SUB_ACCOUNT'): number {
  const offchainId = randomUUID();
  return ctx.ledger.run((tx) => {
    tx.move(fromId, 'wallet', currency, amount.negated());
    tx.move(toId, 'wallet', currency, amount);
    const text = formatAmount(amount, currency);
    const id = tx.insert(settledTx(ctx, { account_id: fromId, type: 'WITHDRAW', subtype, currency, amount: text, offchain_id: offchainId, fee: formatAmount(0, currency) }));
    tx.insert(settledTx(ctx, { account_id: toId, type: 'DEPOSIT', subtype, currency, amount: text, offchain_id: offchainId }));
    return id;
  });
}
