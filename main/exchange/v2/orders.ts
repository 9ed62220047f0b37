// Version 2 spot orders over REST (/api/2/order: list, place, cancel one or all; the order
// history by clientOrderId), as the version 3 adapter does them (see v3/orders.ts for why a cancel
// may be retried and a placement never is). Version 2 records are camelCase; symbols carry no
// status (all listed ones trade) and their fee rates are the account's defaults (takeLiquidityRate,
// provideLiquidityRate), which serve as the account's rates.
import type { OrderCalls } from '../calls/orders';
import type { SpotOrder, SpotSymbol } from '../domain';
import { asArray, asObject, decimal, optStr, str } from '../json';
import type { ServiceCalls } from '../service-calls';
import { requireCode, requirePositive } from '../validate';
import { isOrderNotFound } from '../errors';
import { orderMove, requireClientOrderId } from '../v3/orders';
import { parseOrderBook, parseOrderNamed, type OrderFieldNames } from '../v3/order-records';

const V2_ORDER_FIELDS: OrderFieldNames = {
  clientOrderId: 'clientOrderId', timeInForce: 'timeInForce', quantityFilled: 'cumQuantity', stopPrice: 'stopPrice',
  priceAverage: 'avgPrice', postOnly: 'postOnly', createdAt: 'createdAt', updatedAt: 'updatedAt',
};

export const parseOrderV2 = (value: unknown): SpotOrder => parseOrderNamed(value, V2_ORDER_FIELDS);

const parseOrdersV2 = (value: unknown): SpotOrder[] => asArray(value, 'orders').map(parseOrderV2);

function parseSymbolTermsV2(value: unknown): SpotSymbol {
  const record = asObject(value, 'symbol');
  const quote = str(record, 'quoteCurrency');
  return {
    id: str(record, 'id'), base: str(record, 'baseCurrency'), quote, status: optStr(record, 'status') ?? 'working',
    quantityIncrement: decimal(record, 'quantityIncrement'), tickSize: decimal(record, 'tickSize'),
    feeCurrency: optStr(record, 'feeCurrency') ?? quote,
    takeRate: decimal(record, 'takeLiquidityRate'), makeRate: decimal(record, 'provideLiquidityRate'),
  };
}

const orderPath = (clientOrderId: string) => `/api/2/order/${encodeURIComponent(requireClientOrderId(clientOrderId))}`;

export const orderCallsV2 = (calls: ServiceCalls) => {
  const spotSymbols = async () => asArray(await calls.publicRead('/api/2/public/symbol'), 'symbols').map(parseSymbolTermsV2);
  return {
    spotSymbols,

    spotFees: async () => (await spotSymbols()).map((s) => ({ symbol: s.id, takeRate: s.takeRate, makeRate: s.makeRate })),

    activeOrders: async (symbol) =>
      parseOrdersV2(await calls.read('/api/2/order', { symbol: symbol === undefined ? undefined : requireCode(symbol, 'symbol') })),

    placeOrder: async (order) => {
      const clientOrderId = requireClientOrderId(order.clientOrderId);
      const symbol = requireCode(order.symbol, 'symbol');
      const quantity = requirePositive(order.quantity, 'quantity').toFixed();
      const body: Record<string, unknown> = { clientOrderId, symbol, side: order.side, type: order.type, quantity, strictValidate: true };
      if (order.type === 'limit') body.price = requirePositive(order.price, 'price').toFixed();
      // Version 2 defaults every order to GTC; a market order needs the service's own choice, FOK, said.
      body.timeInForce = order.timeInForce ?? (order.type === 'market' ? 'FOK' : 'GTC');
      if (order.postOnly === true) body.postOnly = true;
      return calls.moveMoney(orderMove(symbol, order.side, quantity, clientOrderId), '/api/2/order', body, parseOrderV2);
    },

    cancelOrder: async (clientOrderId) => parseOrderV2(await calls.idempotent('DELETE', orderPath(clientOrderId))),

    cancelOrders: async (symbol) =>
      parseOrdersV2(await calls.idempotent('DELETE', '/api/2/order', symbol === undefined ? undefined : { symbol: requireCode(symbol, 'symbol') })),

    findOrder: async (clientOrderId) => {
      try {
        return parseOrderV2(await calls.read(orderPath(clientOrderId)));
      } catch (error) {
        if (!isOrderNotFound(error)) throw error;
      }
      const history = parseOrdersV2(await calls.read('/api/2/history/order', { clientOrderId }));
      return history[0] ?? null;
    },

    orderBook: async (symbol) => {
      const id = requireCode(symbol, 'symbol');
      return parseOrderBook(id, await calls.publicRead(`/api/2/public/orderbook/${encodeURIComponent(id)}`, { limit: 0 }));
    },
  } satisfies OrderCalls;
};
