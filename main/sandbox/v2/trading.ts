// Version 2's trading side: the trading (spot) balance and the trading history, read from the
// spot engine's state.
import type { SandboxContext } from '../context';
import { ParamReader } from '../http/params';
import type { RouteRegistry } from '../http/route';
import { orderHistoryRows, tradeRows } from '../spot/history';
import { callerId } from '../wallet/access';
import { v2Balances } from './account-funds';
import { v2HistoryOrder, v2Trade } from './format';

const MARGIN_MODES = ['include', 'only', 'ignore'] as const;

export function registerV2TradingRoutes(routes: RouteRegistry, ctx: SandboxContext): void {
  // HIST, the right v2 gives the trading balance (getTradingBalance) and v3 the spot balance.
  routes.add('GET', '/api/2/trading/balance', 'HIST', (r) => v2Balances(ctx, callerId(r), 'spot'));
  routes.add('GET', '/api/2/history/trades', 'HIST', (r) => {
    const p = ParamReader.of(r);
    // The sandbox has no margin trading: margin=only finds nothing, include and ignore the spot trades.
    const margin = p.oneOf('margin', MARGIN_MODES, 'include');
    const rows = tradeRows(ctx.db, callerId(r), p, undefined);
    return margin === 'only' ? [] : rows.map(v2Trade);
  });
  // Orders of the trading history: the active ones, the filled ones, and those without executions
  // for 24 hours after they went inactive, newest first; clientOrderId overrides the other filters.
  routes.add('GET', '/api/2/history/order', 'HIST', (r) => {
    const p = ParamReader.of(r);
    const rows = orderHistoryRows(ctx.db, callerId(r), ctx.clock.now(), {
      clientOrderId: p.text('clientOrderId'), symbols: p.list('symbol')?.map((s) => s.toUpperCase()),
      fromMs: p.optionalTime('from'), tillMs: p.optionalTime('till'),
      limit: p.int('limit', 100, 1, 1000), offset: p.int('offset', 0, 0, 100_000),
    });
    return rows.map(v2HistoryOrder);
  });
  routes.add('GET', '/api/2/history/order/:orderId/trades', 'HIST', (r) => {
    const p = ParamReader.of(r);
    const orderId = p.optionalInt('orderId', 1, Number.MAX_SAFE_INTEGER);
    return tradeRows(ctx.db, callerId(r), p, orderId).map(v2Trade);
  });
}
