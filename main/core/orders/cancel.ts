// Cancelling spot orders, each request between two audit entries. A cancel answers with the order
// as it stopped and what that freed (its reserve as the service held it). An order no longer
// active (20002: it filled, expired or was cancelled meanwhile) is looked up in the order history
// by its client order id: 'filled' when it filled, 'gone' otherwise — an outcome, never an error.
import type { CancelManyResult, CancelOutcome, CancelScope, Money, OrderView } from '../../../preload/contract/orders';
import type { SpotOrder } from '../../exchange/domain';
import type { TreasuryApi } from '../../exchange/treasury-api';
import { isOrderNotFound } from '../../exchange/errors';
import type { AuditLog } from '../audit/audit-log';
import { audited, type AuditSubject } from '../audit/audited';
import { invalid } from '../field-checks';
import { failureText, toAppFailure } from '../session/api-failure';
import type { ProfileRef } from '../session/ports';
import type { ActiveOrders } from './active-orders';
import { reserveOf, sumByCurrency } from './reserves';
import type { SymbolTerms, TradingTerms } from './terms';
import { toOrderView } from './views';

export type CancelApi = Pick<TreasuryApi, 'cancelOrder' | 'cancelOrders' | 'findOrder'>;

export interface CancelDeps {
  api: CancelApi;
  audit: AuditLog;
  profile: ProfileRef;
  active: ActiveOrders;
  terms: TradingTerms;
}

const NOT_ACTIVE = 'Order not found (20002): no longer active; its outcome is read from the order history';

export async function cancelOne(deps: CancelDeps, clientOrderId: string): Promise<CancelOutcome> {
  const termsBySymbol = await deps.terms.all().catch(() => new Map<string, SymbolTerms>());
  const known = deps.active.byClientId(clientOrderId);
  const held = known === undefined ? null : freedBy(known, termsBySymbol);
  const subject: AuditSubject = {
    ...who(deps), action: 'cancelOrder', currency: held?.currency ?? null, amount: held?.amount ?? null,
    detail: `cancel order ${clientOrderId}${known === undefined ? '' : ` (${describe(known)})`}`,
  };
  let canceled: SpotOrder;
  try {
    canceled = await audited(deps.audit, subject, {
      run: () => deps.api.cancelOrder(clientOrderId),
      settled: (order) => ({ outcome: 'ok', txId: order.id, detail: `canceled ${describe(order)}; freed ${moneyText(freedBy(order, termsBySymbol))}` }),
      failed: (error) => ({ outcome: 'error', error: isOrderNotFound(error) ? NOT_ACTIVE : failureText(error) }),
    });
  } catch (error) {
    if (!isOrderNotFound(error)) throw toAppFailure(error);
    return afterNotFound(deps, clientOrderId, termsBySymbol);
  }
  deps.active.apply(canceled);
  return { state: 'canceled', order: stoppedView(canceled, termsBySymbol), freed: freedBy(canceled, termsBySymbol) };
}

export async function cancelMany(deps: CancelDeps, scope: CancelScope): Promise<CancelManyResult> {
  const termsBySymbol = await deps.terms.all().catch(() => new Map<string, SymbolTerms>());
  const symbol = scope.symbol?.trim().toUpperCase();
  if (symbol !== undefined && (await deps.terms.of(symbol)) === undefined) throw invalid('symbol', `Unknown symbol ${symbol}`);
  const subject: AuditSubject = {
    ...who(deps), action: 'cancelOrder', currency: null, amount: null,
    detail: symbol === undefined ? 'cancel every active order' : `cancel every active order on ${symbol}`,
  };
  let canceled: SpotOrder[];
  try {
    canceled = await audited(deps.audit, subject, {
      run: () => deps.api.cancelOrders(symbol),
      settled: (orders) => ({
        outcome: 'ok', txId: orders.map((o) => o.id).join(',') || null,
        detail: `${orders.length} canceled; freed ${sumByCurrency(orders.map((o) => freedBy(o, termsBySymbol))).map(moneyText).join(', ') || 'nothing'}`,
      }),
      failed: (error) => ({ outcome: 'error', error: failureText(error) }),
    });
  } catch (error) {
    throw toAppFailure(error);
  }
  const outcomes: CancelOutcome[] = canceled.map((order) => {
    deps.active.apply(order);
    return { state: 'canceled', order: stoppedView(order, termsBySymbol), freed: freedBy(order, termsBySymbol) };
  });
  return { outcomes, freed: sumByCurrency(outcomes.map((o) => (o.state === 'canceled' ? o.freed : null))) };
}

async function afterNotFound(deps: CancelDeps, clientOrderId: string, termsBySymbol: ReadonlyMap<string, SymbolTerms>): Promise<CancelOutcome> {
  // The history may be unreadable (or, on some services, absent): the order is gone either way.
  const found = await deps.api.findOrder(clientOrderId).catch(() => null);
  if (found !== null) deps.active.apply(found);
  else deps.active.forget(clientOrderId);
  if (found !== null && found.status === 'filled') return { state: 'filled', order: stoppedView(found, termsBySymbol) };
  return { state: 'gone', clientOrderId };
}

/** What the order held when it stopped: its unfilled part's reserve. */
function freedBy(order: SpotOrder, termsBySymbol: ReadonlyMap<string, SymbolTerms>): Money | null {
  const terms = termsBySymbol.get(order.symbol);
  return terms === undefined ? null : reserveOf(order, terms);
}

/** A stopped order holds nothing any more. */
function stoppedView(order: SpotOrder, termsBySymbol: ReadonlyMap<string, SymbolTerms>): OrderView {
  return { ...toOrderView(order, termsBySymbol.get(order.symbol)), reserves: null };
}

function who(deps: CancelDeps) {
  return { profileId: deps.profile.id, profileName: deps.profile.name };
}

export function describe(order: SpotOrder): string {
  const price = order.price === undefined ? '' : ` at ${order.price.toFixed()}`;
  return `${order.side} ${order.quantity.toFixed()} ${order.symbol}${price}, client order id ${order.clientOrderId}`;
}

function moneyText(money: Money | null): string {
  return money === null ? 'an unknown amount' : `${money.amount} ${money.currency}`;
}
