// An order as the renderer sees it: the service's figures as decimal text, and what it holds.
import type { OrderView, OrdersSnapshot } from '../../../preload/contract/orders';
import type { SpotOrder } from '../../exchange/domain';
import { reserveOf, sumByCurrency } from './reserves';
import type { SymbolTerms } from './terms';

/** `terms` undefined (a symbol the list does not have): what it holds is unknown, not zero. */
export function toOrderView(order: SpotOrder, terms: SymbolTerms | undefined): OrderView {
  return {
    id: order.id, clientOrderId: order.clientOrderId, symbol: order.symbol, side: order.side, type: order.type,
    timeInForce: order.timeInForce, status: order.status, quantity: order.quantity.toFixed(), quantityFilled: order.quantityFilled.toFixed(),
    price: order.price?.toFixed() ?? null, stopPrice: order.stopPrice?.toFixed() ?? null, priceAverage: order.priceAverage?.toFixed() ?? null,
    createdAt: order.createdAt, updatedAt: order.updatedAt,
    reserves: terms === undefined ? null : reserveOf(order, terms),
  };
}

export function toSnapshot(orders: readonly SpotOrder[], terms: ReadonlyMap<string, SymbolTerms>, live: boolean, asOf: string): OrdersSnapshot {
  const views = orders.map((order) => toOrderView(order, terms.get(order.symbol)));
  return { orders: views, live, asOf, reservedByCurrency: sumByCurrency(views.map((v) => v.reserves)) };
}

/** Statuses of an order still in the book or waiting for its stop. */
export const ACTIVE_ORDER_STATUSES: ReadonlySet<string> = new Set(['new', 'suspended', 'partiallyFilled']);
