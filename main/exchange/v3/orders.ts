// Version 3 spot orders (rights HIST to read, ORD to place and cancel). Placing is a money move:
// sent once through moveMoney with strict_validate, so the service refuses a price or quantity off
// its increments instead of rounding it, and a lost answer comes back uncertain for the ledger.
// Cancelling is sent as an idempotent write: were a retried DELETE's first attempt to have
// landed, the retry answers 20002, which the app reads as "no longer active" and looks up in the
// order history, so a repeat can neither cancel twice nor hide what happened.
import type { OrderCalls } from '../calls/orders';
import { inputError, isOrderNotFound } from '../errors';
import type { MoveDescription } from '../service-calls';
import { requireCode, requirePositive, requireText } from '../validate';
import type { V3Calls } from './calls';
import { parseOrderBook, parseSpotFees, parseSpotOrder, parseSpotOrders, parseSpotSymbols } from './order-records';

const CLIENT_ORDER_ID = /^[A-Za-z0-9_-]{8,32}$/;

export function requireClientOrderId(value: string): string {
  const text = requireText(value, 'clientOrderId');
  if (!CLIENT_ORDER_ID.test(text)) throw inputError('clientOrderId', 'must be 8-32 letters, digits, underscores or hyphens');
  return text;
}

/** A new order as a money move: its symbol where a currency would be, its quantity, and the side
 *  with the client order id it is found again by (the app's ledger records what it spends). */
export function orderMove(symbol: string, side: string, quantity: string, clientOrderId: string): MoveDescription {
  return { kind: 'spotOrder', currency: symbol, amount: quantity, destination: `${side}:${clientOrderId}` };
}

const orderPath = (clientOrderId: string) => `/api/3/spot/order/${encodeURIComponent(requireClientOrderId(clientOrderId))}`;

export const orderCallsV3 = (calls: V3Calls) => ({
  spotSymbols: async () => parseSpotSymbols(await calls.publicRead('/api/3/public/symbol')),

  spotFees: async () => parseSpotFees(await calls.read('/api/3/spot/fee')),

  activeOrders: async (symbol) =>
    parseSpotOrders(await calls.read('/api/3/spot/order', { symbol: symbol === undefined ? undefined : requireCode(symbol, 'symbol') }), 'orders'),

  placeOrder: async (order) => {
    const clientOrderId = requireClientOrderId(order.clientOrderId);
    const symbol = requireCode(order.symbol, 'symbol');
    const quantity = requirePositive(order.quantity, 'quantity').toFixed();
    const body: Record<string, unknown> = {
      client_order_id: clientOrderId, symbol, side: order.side, type: order.type, quantity, strict_validate: true,
    };
    if (order.type === 'limit') body.price = requirePositive(order.price, 'price').toFixed();
    if (order.timeInForce !== undefined) body.time_in_force = order.timeInForce;
    if (order.postOnly === true) body.post_only = true;
    return calls.moveMoney(orderMove(symbol, order.side, quantity, clientOrderId), '/api/3/spot/order', body, parseSpotOrder);
  },

  cancelOrder: async (clientOrderId) => parseSpotOrder(await calls.idempotent('DELETE', orderPath(clientOrderId))),

  cancelOrders: async (symbol) => {
    const body = symbol === undefined ? undefined : { symbol: requireCode(symbol, 'symbol') };
    return parseSpotOrders(await calls.idempotent('DELETE', '/api/3/spot/order', body), 'orders');
  },

  findOrder: async (clientOrderId) => {
    const path = orderPath(clientOrderId);
    try {
      return parseSpotOrder(await calls.read(path));
    } catch (error) {
      if (!isOrderNotFound(error)) throw error;
    }
    // client_order_id overrides every other parameter; several records may share it: newest first.
    const history = parseSpotOrders(await calls.read('/api/3/spot/history/order', { client_order_id: clientOrderId }), 'orders');
    return history[0] ?? null;
  },

  orderBook: async (symbol) => {
    const id = requireCode(symbol, 'symbol');
    return parseOrderBook(id, await calls.publicRead(`/api/3/public/orderbook/${encodeURIComponent(id)}`, { depth: 0 }));
  },
}) satisfies OrderCalls;
