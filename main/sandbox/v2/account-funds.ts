// Version 2's balances and money moves of the account: the account (wallet) balance, transfers
// between the account and trading (spot) sides, conversions and internal withdrawals, through
// the same domain functions as version 3.
import type { SandboxContext } from '../context';
import type { BalanceSide } from '../db/balances';
import { validationError } from '../http/errors';
import { ParamReader } from '../http/params';
import type { RouteRegistry } from '../http/route';
import { activeCaller, callerId } from '../wallet/access';
import { convert, nonZeroBalances, transfer, transferable, withdrawInternally } from '../wallet/balance-routes';
import { v2IdOf } from './account-params';
import { V2_TRANSFER_TYPES, sidesOfTransferType, v2Balance, type V2Balance } from './format';

const V2_LOOKUP_FIELDS = ['email', 'username'] as const;

export function registerV2FundsRoutes(routes: RouteRegistry, ctx: SandboxContext): void {
  routes.add('GET', '/api/2/account/balance', 'PAY', (r) => v2Balances(ctx, callerId(r), 'wallet'));
  routes.add('POST', '/api/2/account/transfer', 'PAY', (r) => {
    const p = ParamReader.of(r);
    const currency = transferable(p.currency('currency'));
    const amount = p.amount('amount', currency.decimals);
    if (!p.has('type')) throw validationError('type', 'is required');
    const { source, destination } = sidesOfTransferType(p.oneOf('type', V2_TRANSFER_TYPES, 'bankToExchange'));
    return { id: v2IdOf(ctx, transfer(ctx, activeCaller(ctx, r).id, currency.code, amount, source, destination)) };
  });
  routes.add('POST', '/api/2/account/transfer/internal', 'WDR', (r) => {
    const p = ParamReader.of(r);
    const currency = p.currency('currency');
    const amount = p.amount('amount', currency.decimals);
    if (!p.has('by')) throw validationError('by', 'is required');
    const by = p.oneOf('by', V2_LOOKUP_FIELDS, 'email');
    return { result: v2IdOf(ctx, withdrawInternally(ctx, r, currency, amount, by, p.requiredText('identifier'))) };
  });
  routes.add('POST', '/api/2/account/crypto/transfer-convert', 'PAY', (r) => {
    const p = ParamReader.of(r);
    const from = p.currency('fromCurrency');
    const to = p.currency('toCurrency');
    if (from.code === to.code) throw validationError('toCurrency', 'must differ from fromCurrency');
    const amount = p.amount('amount', from.decimals);
    return { result: convert(ctx, activeCaller(ctx, r).id, from.code, to.code, amount).map((id) => v2IdOf(ctx, id)) };
  });
}

/** The balances of one side version 3 lists (not all zero), in v2's shape. */
export function v2Balances(ctx: SandboxContext, accountId: number, side: BalanceSide): V2Balance[] {
  return nonZeroBalances(ctx, accountId, side).map(v2Balance);
}
