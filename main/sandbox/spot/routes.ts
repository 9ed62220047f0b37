// Spot trading REST: orders (create, order lists, list, get, replace, cancel one or all) and fees.
import { SYMBOLS, type SymbolDef } from '../catalog';
import type { SandboxContext } from '../context';
import { errors } from '../http/errors';
import { ParamReader } from '../http/params';
import type { RouteRegistry } from '../http/route';
import { activeCaller, callerId } from '../wallet/access';
import type { OrderRequest, SpotEngine } from './engine';
import { readOrderList } from './order-list-request';
import { orderListsOf } from './order-lists';
import { readOrder, symbolOf } from './order-request';
import { orderRecord, type OrderRow } from './order-store';

export function registerSpotRoutes(routes: RouteRegistry, ctx: SandboxContext, engine: SpotEngine): void {
  const lists = orderListsOf(ctx, engine);
  routes.add('GET', '/api/3/spot/order', 'HIST', (r) => {
    const symbol = ParamReader.of(r).text('symbol');
    return engine.store.active(callerId(r), symbol === undefined ? undefined : symbolOf(symbol).id).map(orderRecord);
  });
  routes.add('GET', '/api/3/spot/order/:client_order_id', 'HIST', (r) => {
    const row = engine.store.activeByClientId(callerId(r), r.params.client_order_id ?? '');
    if (!row) throw errors.orderNotFound();
    return orderRecord(row);
  });
  routes.add('POST', '/api/3/spot/order', 'ORD', (r) => {
    const request = readOrder(ParamReader.of(r), callerId(r), ctx.clock.now());
    activeCaller(ctx, r);
    return orderRecord(engine.place(request));
  });
  routes.add('POST', '/api/3/spot/order/list', 'ORD', (r) => {
    const request = readOrderList(r.body, callerId(r), ctx.clock.now());
    activeCaller(ctx, r);
    return lists.place(request).map(orderRecord);
  });
  routes.add('PATCH', '/api/3/spot/order/:client_order_id', 'ORD', (r) => {
    const clientOrderId = r.params.client_order_id ?? '';
    const request = readReplacement(ParamReader.of(r), engine, callerId(r), clientOrderId, ctx.clock.now());
    activeCaller(ctx, r);
    return { ...orderRecord(engine.replace(callerId(r), clientOrderId, request)), original_client_order_id: clientOrderId };
  });
  routes.add('DELETE', '/api/3/spot/order/:client_order_id', 'ORD', (r) => orderRecord(engine.cancel(callerId(r), r.params.client_order_id ?? '')));
  routes.add('DELETE', '/api/3/spot/order', 'ORD', (r) => {
    const symbol = ParamReader.of(r).text('symbol');
    const active = engine.store.active(callerId(r), symbol === undefined ? undefined : symbolOf(symbol).id);
    // Cancelling one order of a list may have cancelled its siblings already.
    return active.flatMap((row) => (engine.store.activeByClientId(row.account_id, row.client_order_id) ? [orderRecord(engine.cancel(callerId(r), row.client_order_id))] : []));
  });
  routes.add('GET', '/api/3/spot/fee', 'HIST', () => SYMBOLS.map(feeRecord));
  routes.add('GET', '/api/3/spot/fee/:symbol', 'ORD', (r) => feeRecord(symbolOf(r.params.symbol ?? '')));
}

/**
 * PATCH (and the stream's spot_replace_order): the successor keeps the order's symbol, side, type
 * and terms; quantity, price and stop price are the new ones, new_client_order_id its id (a
 * generated one when absent).
 */
export function readReplacement(p: ParamReader, engine: SpotEngine, accountId: number, clientOrderId: string, now: number): OrderRequest {
  const old: OrderRow | undefined = engine.store.activeByClientId(accountId, clientOrderId);
  if (!old) throw errors.orderNotFound();
  const terms: Record<string, unknown> = {
    client_order_id: p.text('new_client_order_id'), symbol: old.symbol, side: old.side, type: old.type, time_in_force: old.time_in_force,
    post_only: old.post_only === 1, expire_time: old.expire_time ?? undefined, quantity: p.text('quantity'),
    price: p.text('price'), stop_price: p.text('stop_price'), strict_validate: p.text('strict_validate'),
  };
  return readOrder(new ParamReader(terms), accountId, now);
}

function feeRecord(symbol: SymbolDef): { symbol: string; take_rate: string; make_rate: string } {
  return { symbol: symbol.id, take_rate: symbol.takeRate, make_rate: symbol.makeRate };
}
