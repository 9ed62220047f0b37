// Version 2's trading methods (api-v2.md "Streaming", after login): subscribeReports (activeOrders,
// then a report on every order change), getOrders and getTradingBalance (the spot side; right
// HIST), newOrder, cancelOrder and cancelReplaceOrder (ORD) over the same SpotEngine as
// /api/3/ws/trading. Order parameters are version 3's under their version 2 names, and errors name
// them the version 2 way.
import type { SandboxContext } from '../../context';
import { ServiceError, errors } from '../../http/errors';
import { ParamReader } from '../../http/params';
import type { OrderRequest, SpotEngine } from '../../spot/engine';
import type { OrderRow } from '../../spot/order-store';
import { readOrder } from '../../spot/order-request';
import { v2OrderReport } from '../../v2/format';
import { nonZeroBalances } from '../balances';
import type { MethodHandler, StreamSession } from '../session';
import { SessionSubscriptions } from '../subscriptions';
import { allNeeding } from './login';

/** Version 2 order parameter → version 3 name (the others are spelled alike). */
const V3_NAMES: Readonly<Record<string, string>> = {
  clientOrderId: 'client_order_id', timeInForce: 'time_in_force', stopPrice: 'stop_price', expireTime: 'expire_time',
  strictValidate: 'strict_validate', postOnly: 'post_only',
};
const V2_NAMES: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(V3_NAMES).map(([v2, v3]) => [v3, v2]));

/** cancelReplaceOrder's new order id is requestClientId. */
const REPLACE_NAMES: Readonly<Record<string, string>> = { ...V2_NAMES, client_order_id: 'requestClientId' };

/** An error naming a version 3 parameter (at the start of its description) names it in version 2. */
function inV2Names(error: unknown, names: Readonly<Record<string, string>>): unknown {
  if (!(error instanceof ServiceError) || error.description === undefined) return error;
  const match = /^([a-z_]+)(.*)$/s.exec(error.description);
  const v2 = match ? names[match[1] as string] : undefined;
  return v2 === undefined ? error : new ServiceError(error.status, error.code, error.message, v2 + (match?.[2] ?? ''));
}

function withV2Names<T>(work: () => T, names = V2_NAMES): T {
  try {
    return work();
  } catch (error) {
    throw inV2Names(error, names);
  }
}

/** newOrder's params (also POST /api/2/order): type defaults to limit and timeInForce to GTC (api-v2.md). */
export function readV2Order(params: Record<string, unknown>, accountId: number, now: number): OrderRequest {
  const renamed: Record<string, unknown> = { type: 'limit', time_in_force: 'GTC' };
  for (const [name, value] of Object.entries(params)) renamed[V3_NAMES[name] ?? name] = value;
  return readOrder(new ParamReader(renamed), accountId, now);
}

/** The order's report; a trade report once it has filled, as the engine reports it. */
function report(row: OrderRow, reportType = row.status === 'filled' || row.status === 'partiallyFilled' ? 'trade' : row.status): Record<string, unknown> {
  return v2OrderReport(row, reportType);
}

function replacedReport(row: OrderRow, originalClientOrderId: string): Record<string, unknown> {
  return { ...report(row, 'replaced'), originalRequestClientOrderId: originalClientOrderId };
}

export function tradingMethods(ctx: SandboxContext, engine: SpotEngine): Record<string, MethodHandler> {
  const subscriptions = new SessionSubscriptions();
  const account = (s: StreamSession): number => s.accountId ?? 0;
  const activeReports = (s: StreamSession): Record<string, unknown>[] => engine.store.active(account(s)).map((row) => report(row, 'status'));
  return {
    subscribeReports: (s) => {
      subscriptions.track(s, 'reports', ctx.events.onOrder((event) => {
        if (event.accountId !== account(s)) return;
        const row = engine.store.get(Number(event.report.id));
        if (!row) return;
        const original = event.report.original_client_order_id;
        s.notify('report', typeof original === 'string' ? replacedReport(row, original) : report(row, String(event.report.report_type)));
      }));
      s.notifySoon('activeOrders', () => activeReports(s));
      return true;
    },
    unsubscribeReports: (s) => subscriptions.untrack(s, 'reports'),
    ...allNeeding('HIST', {
      getOrders: (s) => activeReports(s),
      getTradingBalance: (s) => nonZeroBalances(ctx, account(s), 'spot'),
    }),
    ...allNeeding('ORD', orderEntry(ctx, engine)),
  };
}

/** newOrder, cancelOrder, cancelReplaceOrder (right ORD). */
function orderEntry(ctx: SandboxContext, engine: SpotEngine): Record<string, MethodHandler> {
  const account = (s: StreamSession): number => s.accountId ?? 0;
  return {
    newOrder: (s, r) => withV2Names(() => report(engine.place(readV2Order(r.params, account(s), ctx.clock.now())))),
    cancelOrder: (s, r) => withV2Names(() => report(engine.cancel(account(s), new ParamReader(r.params).requiredText('clientOrderId')), 'canceled')),
    cancelReplaceOrder: (s, r) => withV2Names(() => {
      const p = new ParamReader(r.params);
      const clientOrderId = p.requiredText('clientOrderId');
      const requestClientId = p.requiredText('requestClientId');
      const old = engine.store.activeByClientId(account(s), clientOrderId);
      if (!old) throw errors.orderNotFound();
      // The successor keeps the order's symbol, side, type and terms; quantity and price are new.
      const terms: Record<string, unknown> = {
        clientOrderId: requestClientId, symbol: old.symbol, side: old.side, type: old.type, timeInForce: old.time_in_force,
        postOnly: old.post_only === 1, stopPrice: old.stop_price ?? undefined, expireTime: old.expire_time ?? undefined,
        quantity: r.params.quantity, price: r.params.price, strictValidate: r.params.strictValidate,
      };
      return replacedReport(engine.replace(account(s), clientOrderId, readV2Order(terms, account(s), ctx.clock.now())), clientOrderId);
    }, REPLACE_NAMES),
  };
}
