// /api/3/ws/trading: login, the spot balance feed, balance/fee requests, and spot_subscribe
// (spot_orders snapshot of active orders, then spot_order reports with report_type).
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { SYMBOLS, findCurrency } from '../catalog';
import type { SandboxContext } from '../context';
import { errors, validationError } from '../http/errors';
import { formatAmount } from '../wallet/money';
import { OrderStore, orderRecord } from '../spot/order-store';
import type { SpotEngine } from '../spot/engine';
import { readOrderList } from '../spot/order-list-request';
import { orderListsOf } from '../spot/order-lists';
import { readOrder } from '../spot/order-request';
import { readReplacement } from '../spot/routes';
import { ParamReader } from '../http/params';
import { nonZeroBalances, type BalanceEntry } from './balances';
import { StreamSession, type MethodHandler, type SessionDeps } from './session';

const BATCH_INTERVAL_MS = 100;

export function createTradingStream(ctx: SandboxContext, engine: SpotEngine, deps: Omit<SessionDeps, 'kind'>): { handleConnection(ws: WebSocket, req: IncomingMessage): void } {
  const methods = { ...tradingMethods(ctx), ...orderMethods(ctx, engine) };
  return {
    handleConnection(ws, req) {
      new StreamSession(ws, req, { ...deps, kind: 'trading' }, methods);
    },
  };
}

function tradingMethods(ctx: SandboxContext): Record<string, MethodHandler> {
  const feeds = new WeakMap<StreamSession, () => void>();
  const stopFeed = (s: StreamSession): true => {
    feeds.get(s)?.();
    feeds.delete(s);
    return true;
  };
  const account = (s: StreamSession): number => s.accountId ?? 0;
  const spotBalances = (s: StreamSession): BalanceEntry[] => nonZeroBalances(ctx, account(s), 'spot');
  const orders = new OrderStore(ctx.db);
  const reports = new WeakMap<StreamSession, () => void>();
  const fees = SYMBOLS.map((sym) => ({ symbol: sym.id, take_rate: sym.takeRate, make_rate: sym.makeRate }));
  return {
    spot_balance_subscribe: (s, r) => {
      stopFeed(s);
      const batches = r.params.mode === 'batches';
      let pending = new Map<string, BalanceEntry>();
      let timer: NodeJS.Timeout | undefined;
      const flush = (): void => {
        timer = undefined;
        if (pending.size > 0) s.notify('spot_balance', [...pending.values()]);
        pending = new Map();
      };
      const stop = ctx.events.onBalance((change) => {
        if (change.accountId !== account(s) || change.side !== 'spot') return;
        const entry = { currency: change.currency, available: change.available, reserved: change.reserved };
        if (!batches) return s.notify('spot_balance', [entry]);
        pending.set(entry.currency, entry);
        timer ??= setTimeout(flush, BATCH_INTERVAL_MS);
      });
      const cancel = (): void => { stop(); if (timer) clearTimeout(timer); };
      feeds.set(s, cancel);
      s.onClose(cancel);
      s.notifySoon('spot_balance', () => spotBalances(s));
      return true;
    },
    spot_balance_unsubscribe: (s) => stopFeed(s),
    spot_balances: (s) => spotBalances(s),
    spot_balance: (s, r) => {
      const code = typeof r.params.currency === 'string' ? r.params.currency : '';
      if (code === '') throw validationError('currency', 'is required');
      const currency = findCurrency(code);
      if (!currency) throw errors.currencyNotFound(code);
      const row = ctx.balances.get(account(s), 'spot', currency.code);
      const zero = formatAmount(0, currency.code);
      return { currency: currency.code, available: row?.available ?? zero, reserved: row?.reserved ?? zero };
    },
    spot_fees: () => fees,
    spot_fee: (_s, r) => {
      const symbol = typeof r.params.symbol === 'string' ? r.params.symbol.toUpperCase() : '';
      const fee = fees.find((f) => f.symbol === symbol);
      if (!fee) throw symbol === '' ? validationError('symbol', 'is required') : errors.symbolNotFound(symbol);
      return fee;
    },
    spot_subscribe: (s) => {
      reports.get(s)?.();
      const stop = ctx.events.onOrder((event) => {
        if (event.accountId === account(s)) s.notify('spot_order', event.report);
      });
      reports.set(s, stop);
      s.onClose(stop);
      s.notifySoon('spot_orders', () => orders.active(account(s)).map(orderRecord));
      return true;
    },
    spot_unsubscribe: (s) => {
      reports.get(s)?.();
      reports.delete(s);
      return true;
    },
    spot_get_orders: (s) => orders.active(account(s)).map(orderRecord),
  };
}

/** Order entry over the stream, with the REST parameters and results. */
function orderMethods(ctx: SandboxContext, engine: SpotEngine): Record<string, MethodHandler> {
  const account = (s: StreamSession): number => s.accountId ?? 0;
  const lists = orderListsOf(ctx, engine);
  return {
    spot_new_order: (s, r) => orderRecord(engine.place(readOrder(new ParamReader(r.params), account(s), ctx.clock.now()))),
    spot_new_order_list: (s, r) => lists.place(readOrderList(r.params, account(s), ctx.clock.now())).map(orderRecord),
    spot_replace_order: (s, r) => {
      const p = new ParamReader(r.params);
      const clientOrderId = p.requiredText('client_order_id');
      const request = readReplacement(p, engine, account(s), clientOrderId, ctx.clock.now());
      return { ...orderRecord(engine.replace(account(s), clientOrderId, request)), original_client_order_id: clientOrderId };
    },
    spot_cancel_order: (s, r) => orderRecord(engine.cancel(account(s), new ParamReader(r.params).requiredText('client_order_id'))),
    spot_cancel_orders: (s, r) => {
      const symbol = new ParamReader(r.params).text('symbol')?.toUpperCase();
      const active = engine.store.active(account(s), symbol);
      return active.flatMap((row) => (engine.store.activeByClientId(row.account_id, row.client_order_id) ? [orderRecord(engine.cancel(account(s), row.client_order_id))] : []));
    },
  };
}
