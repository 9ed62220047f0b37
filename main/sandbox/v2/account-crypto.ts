// Version 2's crypto account routes: deposit addresses, used withdrawal addresses, withdrawals
// with their two-phase commit, fee estimates and is-mine, over the wallet code version 3 uses.
import type { CurrencyDef, NetworkDef } from '../catalog';
import type { SandboxContext } from '../context';
import { ParamReader } from '../http/params';
import type { RouteContext, RouteRegistry } from '../http/route';
import { callerId } from '../wallet/access';
import { ensureAddress, recentDepositAddresses, resolveNetwork, toAddressRecord } from '../wallet/addresses';
import { isOwnAddress, newDepositAddress } from '../wallet/crypto-routes';
import { formatAmount } from '../wallet/money';
import { FEE_LEVELS, commitWithdrawal, createWithdrawal, rollbackWithdrawal, transactionNotFound, withdrawalFee } from '../wallet/withdraw';
import { transactionByV2Id, v2IdOf } from './account-params';
import { v2Address } from './format';

/** Names of v3's fee levels (FEE_LEVELS), the first being what a v2 withdrawal is charged. */
const FEE_LEVEL_COMMENTS: Readonly<Record<number, string>> = { 1: 'Standard', 2: 'Fast', 3: 'Fastest' };
const DEFAULT_FEE_LEVEL = 1;

export function registerV2CryptoRoutes(routes: RouteRegistry, ctx: SandboxContext): void {
  routes.add('GET', '/api/2/account/crypto/address/:currency', 'PAY', (r) => {
    const { currency, network } = currencyAndNetwork(ParamReader.of(r));
    return v2Address(toAddressRecord(ensureAddress(ctx, callerId(r), currency, network)));
  });
  routes.add('POST', '/api/2/account/crypto/address/:currency', 'PAY', (r) => {
    const { currency, network } = currencyAndNetwork(ParamReader.of(r));
    return v2Address(toAddressRecord(newDepositAddress(ctx, r, currency, network)));
  });
  routes.add('GET', '/api/2/account/crypto/addresses/:currency', 'PAY', (r) => {
    const { currency, network } = currencyAndOptionalNetwork(ParamReader.of(r));
    return recentDepositAddresses(ctx, callerId(r), currency.code, network).map(v2Address);
  });
  routes.add('GET', '/api/2/account/crypto/used-addresses/:currency', 'PAY', (r) => {
    const { currency, network } = currencyAndOptionalNetwork(ParamReader.of(r));
    return ctx.transactions.recentWithdrawAddresses(callerId(r), currency.code, network, 10)
      .map((row) => (row.payment_id === null ? { address: row.address } : { address: row.address, paymentId: row.payment_id }));
  });
  routes.add('POST', '/api/2/account/crypto/withdraw', 'WDR', (r) => ({ id: v2IdOf(ctx, withdraw(ctx, r)) }));
  routes.add('PUT', '/api/2/account/crypto/withdraw/:id', 'WDR', (r) => {
    const accountId = callerId(r);
    return { result: commitWithdrawal(ctx, accountId, String(ownWithdrawal(ctx, accountId, r.params.id ?? ''))) };
  });
  routes.add('DELETE', '/api/2/account/crypto/withdraw/:id', 'WDR', (r) => {
    const accountId = callerId(r);
    return { result: rollbackWithdrawal(ctx, accountId, String(ownWithdrawal(ctx, accountId, r.params.id ?? ''))) };
  });
  routes.add('GET', '/api/2/account/crypto/estimate-withdraw', 'PAY', (r) => {
    const p = ParamReader.of(r);
    const { currency, network } = currencyAndNetwork(p);
    p.amount('amount', currency.decimals);
    return { fee: formatAmount(withdrawalFee(network, DEFAULT_FEE_LEVEL), currency.code) };
  });
  // The levels are v3's fee levels: each the estimate's network fee times the level's multiplier
  // (FEE_LEVELS: 1, 1.5, 2); the first is the default and the one estimate-withdraw gives.
  routes.add('GET', '/api/2/account/crypto/estimate-withdraw-levels', 'PAY', (r) => {
    const p = ParamReader.of(r);
    const { currency, network } = currencyAndNetwork(p);
    p.amount('amount', currency.decimals);
    return Object.keys(FEE_LEVELS).map(Number).map((level) => ({
      feeLevelId: level, comment: FEE_LEVEL_COMMENTS[level] ?? `Level ${level}`,
      fee: formatAmount(withdrawalFee(network, level), currency.code), isDefault: level === DEFAULT_FEE_LEVEL,
    }));
  });
  routes.add('GET', '/api/2/account/crypto/is-mine/:address', 'PAY', (r) => ({ result: isOwnAddress(ctx, callerId(r), r.params.address ?? '') }));
}

function currencyAndNetwork(p: ParamReader): { currency: CurrencyDef; network: NetworkDef } {
  const currency = p.currency('currency');
  return { currency, network: resolveNetwork(currency, p.text('networkCode'), 'networkCode') };
}

function currencyAndOptionalNetwork(p: ParamReader): { currency: CurrencyDef; network: string | undefined } {
  const currency = p.currency('currency');
  return { currency, network: p.has('networkCode') ? resolveNetwork(currency, p.text('networkCode'), 'networkCode').network : undefined };
}

function withdraw(ctx: SandboxContext, r: RouteContext): number {
  const p = ParamReader.of(r);
  const { currency, network } = currencyAndNetwork(p);
  return createWithdrawal(ctx, {
    accountId: callerId(r), currency, network, amount: p.amount('amount', currency.decimals), address: p.requiredText('address'),
    paymentId: p.text('paymentId'), includeFee: p.bool('includeFee', false), autoCommit: p.bool('autoCommit', true),
    useOffchain: 'never', feeLevelId: DEFAULT_FEE_LEVEL, publicComment: p.optionalText('publicComment', 255),
  });
}

/** The row id of the caller's withdrawal with this v2 id (10001 naming id otherwise). */
function ownWithdrawal(ctx: SandboxContext, accountId: number, id: string): number {
  const row = transactionByV2Id(ctx, accountId, id);
  if (row.type !== 'WITHDRAW') throw transactionNotFound(id);
  return row.id;
}
