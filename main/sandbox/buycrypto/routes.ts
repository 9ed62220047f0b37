// Buy crypto, version 3 paths (right PAY): providers, rate quotes, orders.
import type { SandboxContext } from '../context';
import { cachedStatement } from '../db/open';
import { validationError } from '../http/errors';
import { ParamReader } from '../http/params';
import type { RouteContext, RouteHandler, RouteRegistry } from '../http/route';
import { callerId, activeCaller } from '../wallet/access';
import { formatAmount } from '../wallet/money';
import { PROVIDERS, findProvider, providerRecord, type PaymentMethodDef, type ProviderDef } from './providers';
import { checkPair, createOrder, orderRecord, quote, type BuyOrderRow } from './orders';

export function registerBuyCryptoRoutes(routes: RouteRegistry, ctx: SandboxContext): void {
  const handlers = buyCryptoHandlers(ctx);
  // The provider list call is "not shown" in api-v3.md; SUPPLEMENT.md §7 gives this path with the
  // version 2 filters (provider_id, source, target).
  routes.add('GET', '/api/3/buy-crypto/provider', 'PAY', handlers.providers);
  routes.add('GET', '/api/3/buy-crypto/provider/:provider_id/rate', 'PAY', handlers.rate);
  routes.add('POST', '/api/3/buy-crypto/provider/:provider_id/order', 'PAY', handlers.placeOrder);
  routes.add('GET', '/api/3/buy-crypto/provider/:provider_id/order', 'PAY', handlers.orders);
}

/** The version 3 handlers, reading version 3 names; version 2 calls them with its names renamed. */
export function buyCryptoHandlers(ctx: SandboxContext): Record<'providers' | 'rate' | 'placeOrder' | 'orders', RouteHandler> {
  const providers: RouteHandler = (r) => {
    const p = ParamReader.of(r);
    const id = p.optionalInt('provider_id', 1, Number.MAX_SAFE_INTEGER);
    const source = p.text('source')?.toUpperCase();
    const target = p.text('target')?.toUpperCase();
    return PROVIDERS
      .filter((pr) => (id === undefined || pr.id === id) && (source === undefined || pr.sources.includes(source))
        && (target === undefined || pr.targets.some((t) => t.code === target)))
      .map(providerRecord);
  };
  const rate: RouteHandler = (r) => {
    const { provider, p } = providerOf(r);
    const source = p.currency('source').code;
    const target = p.currency('target').code;
    checkPair(provider, source, target, undefined);
    const methodId = p.optionalInt('payment_method_id', 1, Number.MAX_SAFE_INTEGER);
    const methods = provider.methods.filter((m) => methodId === undefined || m.id === methodId);
    if (methods.length === 0) throw validationError('payment_method_id', `not a method of ${provider.name}`);
    const amounts = { source: p.optionalAmount('source_amount', 2), target: p.optionalAmount('target_amount', 9) };
    const prices = methods.map((m) => {
      const q = quote(ctx, source, target, m, amounts);
      return { payment_method_id: m.id, type: m.type, target_code: target, source_code: source, target_amount: formatAmount(q.targetAmount, target), source_amount: q.sourceAmount.toDecimalPlaces(2).toFixed(2) };
    });
    const spot = ctx.market.rate(target, source);
    return { spot_price: spot ? spot.toDecimalPlaces(8).toFixed() : '0', prices };
  };
  const placeOrder: RouteHandler = (r) => {
    const { provider, p } = providerOf(r);
    const target = p.currency('target').code;
    const source = p.currency('source').code;
    const sourceAmount = p.amount('source_amount', 2);
    const method = methodOf(provider, p);
    p.optionalAmount('target_amount', 9);
    const { network } = checkPair(provider, source, target, p.text('target_network_code'));
    const account = activeCaller(ctx, r);
    const q = quote(ctx, source, target, method, { source: sourceAmount });
    return orderRecord(createOrder(ctx, account.id, provider, method, source, target, network, q), ctx.baseUrl);
  };
  const orders: RouteHandler = (r) => {
    const { provider, p } = providerOf(r);
    return listOrders(ctx, callerId(r), provider.id, p).map((row) => orderRecord(row, ctx.baseUrl));
  };
  return { providers, rate, placeOrder, orders };
}

function providerOf(r: RouteContext): { provider: ProviderDef; p: ParamReader } {
  const p = ParamReader.of(r);
  const id = r.params.provider_id ?? '';
  const provider = /^\d+$/.test(id) ? findProvider(Number.parseInt(id, 10)) : undefined;
  if (!provider) throw validationError('provider_id', `no provider ${id}`);
  return { provider, p };
}

function methodOf(provider: ProviderDef, p: ParamReader): PaymentMethodDef {
  if (!p.has('payment_method_id')) throw validationError('payment_method_id', 'is required');
  const id = p.optionalInt('payment_method_id', 1, Number.MAX_SAFE_INTEGER);
  const method = provider.methods.find((m) => m.id === id);
  if (!method) throw validationError('payment_method_id', `not a method of ${provider.name}`);
  return method;
}

/** from/till are Unix timestamps (seconds; milliseconds accepted when the value is that large). */
function unixBound(p: ParamReader, name: string): number | undefined {
  const value = p.optionalInt(name, 0, Number.MAX_SAFE_INTEGER);
  if (value === undefined) return undefined;
  return value < 100_000_000_000 ? value * 1000 : value;
}

function listOrders(ctx: SandboxContext, accountId: number, providerId: number, p: ParamReader): BuyOrderRow[] {
  const where = ['account_id = @accountId', 'provider_id = @providerId'];
  const args: Record<string, unknown> = { accountId, providerId };
  const from = unixBound(p, 'from');
  const till = unixBound(p, 'till');
  if (from !== undefined) { where.push('created_at >= @from'); args.from = from; }
  if (till !== undefined) { where.push('created_at <= @till'); args.till = till; }
  for (const [param, column] of [['source_code', 'source_code'], ['target_code', 'target_code'], ['wallet_address', 'wallet_address'], ['target_network_code', 'target_network']] as const) {
    const value = p.text(param);
    if (value !== undefined) { where.push(`${column} = @${column}`); args[column] = param === 'wallet_address' ? value : value.toUpperCase(); }
  }
  p.oneOf('order_by', ['created_at'] as const, 'created_at');
  const sort = p.oneOf('sort', ['desc', 'asc'] as const, 'desc');
  args.limit = p.int('limit', 100, 1, 1000);
  args.offset = p.int('offset', 0, 0, 100_000);
  return cachedStatement(ctx.db, `SELECT * FROM buy_orders WHERE ${where.join(' AND ')} ORDER BY created_at ${sort}, id ${sort} LIMIT @limit OFFSET @offset`).all(args) as BuyOrderRow[];
}
