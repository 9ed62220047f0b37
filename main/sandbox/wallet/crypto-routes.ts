// Deposit and withdrawal addresses, white-list, check-mine, withdrawals (with commit and
// rollback) and fee estimates.
import { findCurrency, type CurrencyDef, type NetworkDef } from '../catalog';
import type { SandboxContext } from '../context';
import { errors, validationError } from '../http/errors';
import { ParamReader } from '../http/params';
import type { RouteContext, RouteRegistry } from '../http/route';
import { isRecord } from '../http/body';
import { activeCaller, callerId } from './access';
import { createDepositAddress, currentAddresses, type AddressRow, recentDepositAddresses, resolveNetwork, toAddressRecord } from './addresses';
import { formatAmount } from './money';
import { FEE_LEVELS, USE_OFFCHAIN, commitWithdrawal, createWithdrawal, errorsOfAccount, rollbackWithdrawal, withdrawalFee } from './withdraw';

export function registerCryptoRoutes(routes: RouteRegistry, ctx: SandboxContext): void {
  registerAddressRoutes(routes, ctx);
  routes.add('POST', '/api/3/wallet/crypto/withdraw', 'WDR', (r) => {
    const p = ParamReader.of(r);
    const currency = p.currency('currency');
    const network = currency.crypto ? resolveNetwork(currency, p.text('network_code')) : undefined;
    const amount = p.amount('amount', currency.decimals);
    const address = p.requiredText('address');
    const request = {
      currency, amount, address, paymentId: p.text('payment_id'), walletId: p.optionalText('wallet_id', 64),
      includeFee: p.bool('include_fee', false), autoCommit: p.bool('auto_commit', true),
      useOffchain: p.oneOf('use_offchain', USE_OFFCHAIN, 'never'),
      feeLevelId: p.int('fee_level_id', 1, 1, Object.keys(FEE_LEVELS).length),
      publicComment: p.optionalText('public_comment', 255),
    };
    if (!network) throw validationError('currency', `${currency.code} is not a crypto currency and cannot be withdrawn`);
    return { id: String(createWithdrawal(ctx, { ...request, network, accountId: callerId(r) })) };
  });
  routes.add('PUT', '/api/3/wallet/crypto/withdraw/:id', 'WDR', (r) => ({ result: commitWithdrawal(ctx, callerId(r), r.params.id ?? '') }));
  routes.add('DELETE', '/api/3/wallet/crypto/withdraw/:id', 'WDR', (r) => ({ result: rollbackWithdrawal(ctx, callerId(r), r.params.id ?? '') }));
  routes.add('GET', '/api/3/wallet/crypto/fee/estimate', 'PAY', (r) => ({ fee: estimate(ParamReader.of(r)).fee }));
  // The changelog names GET …/fees/estimate; clients POST an array (SUPPLEMENT.md §4). Both work;
  // the GET form takes one item's parameters in the query.
  routes.add('POST', '/api/3/wallet/crypto/fees/estimate', 'PAY', (r) => estimateMany(r.bodyValue, r.body));
  routes.add('GET', '/api/3/wallet/crypto/fees/estimate', 'PAY', (r) => [estimate(ParamReader.of(r))]);
}

function registerAddressRoutes(routes: RouteRegistry, ctx: SandboxContext): void {
  routes.add('GET', '/api/3/wallet/crypto/address', 'PAY', (r) => {
    const p = ParamReader.of(r);
    const currency = p.has('currency') ? p.currency('currency') : undefined;
    if (currency && !currency.crypto) throw validationError('currency', `${currency.code} has no deposit addresses`);
    return currentAddresses(ctx, callerId(r), currency, p.text('network_code'));
  });
  routes.add('POST', '/api/3/wallet/crypto/address', 'PAY', (r) => {
    const p = ParamReader.of(r);
    const currency = p.currency('currency');
    return toAddressRecord(newDepositAddress(ctx, r, currency, resolveNetwork(currency, p.text('network_code'))));
  });
  routes.add('GET', '/api/3/wallet/crypto/address/recent-deposit', 'PAY', (r) => {
    const p = ParamReader.of(r);
    const currency = p.currency('currency');
    const network = p.has('network_code') ? resolveNetwork(currency, p.text('network_code')).network : undefined;
    return recentDepositAddresses(ctx, callerId(r), currency.code, network);
  });
  routes.add('GET', '/api/3/wallet/crypto/address/recent-withdraw', 'PAY', (r) => {
    const p = ParamReader.of(r);
    const currency = p.currency('currency');
    const network = p.has('network_code') ? resolveNetwork(currency, p.text('network_code')).network : undefined;
    return ctx.transactions.recentWithdrawAddresses(callerId(r), currency.code, network, 10)
      .map((row) => toAddressRecord({ ...row, currency: currency.code, network: row.network ?? '' }));
  });
  routes.add('GET', '/api/3/wallet/crypto/address/white-list', 'PAY', (r) => ({
    addresses: ctx.db.prepare('SELECT name, currency, network, address FROM white_list WHERE account_id = ? ORDER BY rowid').all(callerId(r)),
  }));
  routes.add('GET', '/api/3/wallet/crypto/address/check-mine', 'PAY', (r) => {
    const address = ParamReader.of(r).requiredText('address');
    return { result: isOwnAddress(ctx, callerId(r), address) };
  });
}

/** A new deposit address for the caller, refused (600) when the account may not generate one. */
export function newDepositAddress(ctx: SandboxContext, route: RouteContext, currency: CurrencyDef, network: NetworkDef): AddressRow {
  const account = activeCaller(ctx, route);
  if (!account.depositAddressGenerationEnabled) throw errorsOfAccount.notAllowed('Deposit address generation is disabled for this account');
  return createDepositAddress(ctx, account.id, currency, network, ctx.clock.now());
}

/** Whether the address is one of the account's deposit addresses. */
export function isOwnAddress(ctx: SandboxContext, accountId: number, address: string): boolean {
  return ctx.db.prepare('SELECT 1 FROM addresses WHERE account_id = ? AND address = ? LIMIT 1').get(accountId, address) !== undefined;
}

interface FeeEstimate {
  fee: string;
  networkFee: string;
  amount: string;
  currency: string;
}

function estimate(p: ParamReader): FeeEstimate {
  const currency = p.currency('currency');
  const amount = p.amount('amount', currency.decimals);
  if (!currency.crypto) throw validationError('currency', `${currency.code} is not a crypto currency`);
  const network = resolveNetwork(currency, p.text('network_code'));
  const fee = formatAmount(withdrawalFee(network, 1), currency.code);
  return { fee, networkFee: fee, amount: formatAmount(amount, currency.code), currency: currency.code };
}

function estimateMany(bodyValue: unknown, body: Record<string, unknown>): FeeEstimate[] {
  const items: unknown[] = Array.isArray(bodyValue) ? bodyValue : [body];
  if (items.length === 0) throw validationError('body', 'must list at least one {currency, amount}');
  return items.map((item, i) => {
    if (!isRecord(item)) throw validationError(`[${i}]`, 'must be an object with currency and amount');
    const code = typeof item.currency === 'string' ? item.currency : '';
    if (code !== '' && !findCurrency(code)) throw errors.currencyNotFound(code);
    return estimate(new ParamReader(item));
  });
}

