// Version 2's REST order calls: list, read, place, cancel one and cancel all, over the same
// SpotEngine as /api/3/spot/order. api-v2.md leaves them unshown, but the real version 2 service
// has them and its public clients use them (Coffer's rights probe too: cancelling an order id that
// cannot exist tells whether the key holds ORD). Order parameters are read as the v2 stream's
// newOrder reads them; errors name the version 2 parameter.
import { findSymbol } from '../catalog';
import type { SandboxContext } from '../context';
import { errors } from '../http/errors';
import { ParamReader } from '../http/params';
import type { RouteContext, RouteRegistry } from '../http/route';
import type { SpotEngine } from '../spot/engine';
import { readV2Order } from '../stream/v2/trading';
import { activeCaller, callerId } from '../wallet/access';
import { v2Registry } from './account-params';
import { v2OrderReport } from './format';

export function registerV2OrderRoutes(routes: RouteRegistry, ctx: SandboxContext, engine: SpotEngine): void {
  const v2 = v2Registry(routes);
  const activeOrders = (r: RouteContext) => {
    const symbol = ParamReader.of(r).text('symbol');
    if (symbol === undefined) return engine.store.active(callerId(r));
    const known = findSymbol(symbol);
    if (!known) throw errors.symbolNotFound(symbol);
    return engine.store.active(callerId(r), known.id);
  };
  v2.add('GET', '/api/2/order', 'ORD', (r) => activeOrders(r).map((row) => v2OrderReport(row)));
  v2.add('GET', '/api/2/order/:clientOrderId', 'ORD', (r) => {
    const row = engine.store.activeByClientId(callerId(r), r.params.clientOrderId ?? '');
    if (!row) throw errors.orderNotFound();
    return v2OrderReport(row);
  });
  v2.add('POST', '/api/2/order', 'ORD', (r) => {
    const params = { ...Object.fromEntries(r.query.entries()), ...r.body };
    const request = readV2Order(params, callerId(r), ctx.clock.now());
    activeCaller(ctx, r);
    return v2OrderReport(engine.place(request));
  });
  v2.add('DELETE', '/api/2/order/:clientOrderId', 'ORD', (r) => v2OrderReport(engine.cancel(callerId(r), r.params.clientOrderId ?? '')));
  v2.add('DELETE', '/api/2/order', 'ORD', (r) => activeOrders(r).map((row) => v2OrderReport(engine.cancel(callerId(r), row.client_order_id))));
}
