// Version 3 spot trade history, walked by id (trades are never changed once listed, so the id
// cursor alone finds every one exactly once). Version 2 lists the same records under other field
// names (v2/trade-history.ts): the walk and the parsing take the names.
import type { TradeHistoryCalls } from '../calls/trade-history';
import { TRADE_SIDES, type SpotTrade, type TradeSide } from '../domain';
import type { QueryValue } from '../encoding';
import { ApiError } from '../errors';
import { asArray, asObject, bool, decimal, id, str } from '../json';
import { walkByIdPipelined } from '../paging';
import type { ServiceCalls } from '../service-calls';
import { requireText } from '../validate';

const PAGE_SIZE = 1_000;

/** Where a version lists its trades and what it calls their fields. */
export interface TradeListShape {
  path: string;
  orderId: string;
  clientOrderId: string;
  /** Parameters every request carries (version 2: margin=ignore, spot trades only). */
  fixed?: Record<string, QueryValue>;
}

export const V3_TRADE_LIST: TradeListShape = { path: '/api/3/spot/history/trade', orderId: 'order_id', clientOrderId: 'client_order_id' };

export function parseSpotTrade(value: unknown, shape: TradeListShape): SpotTrade {
  const record = asObject(value, 'trades');
  const side = str(record, 'side');
  if (!(TRADE_SIDES as readonly string[]).includes(side)) {
    throw new ApiError({ kind: 'response', message: 'Unexpected response: side is not buy or sell', field: 'side', description: `side ${side}` });
  }
  return {
    id: id(record, 'id'),
    orderId: id(record, shape.orderId),
    clientOrderId: str(record, shape.clientOrderId),
    symbol: str(record, 'symbol'),
    side: side as TradeSide,
    quantity: decimal(record, 'quantity'),
    price: decimal(record, 'price'),
    fee: decimal(record, 'fee'),
    timestamp: str(record, 'timestamp'),
    taker: bool(record, 'taker'),
  };
}

export function tradeHistoryCalls(calls: ServiceCalls, shape: TradeListShape): TradeHistoryCalls {
  const list = async (query: Record<string, QueryValue>) =>
    asArray(await calls.read(shape.path, { ...shape.fixed, ...query }), 'trades').map((item) => parseSpotTrade(item, shape));
  return {
    spotTradesAfterId: (afterId, oneAtATime = false) => {
      const firstFrom = afterId === undefined ? undefined : (BigInt(requireText(afterId, 'afterId')) + 1n).toString();
      // Three pages in flight, as the transaction history's first read (v3/history.ts), re-anchored
      // every five pages: a list read by offset steps over every record before it, and a hundred
      // thousand trades read with offsets up to 90 000 took twice as long as with offsets under 5 000.
      return walkByIdPipelined(
        (from, offset, limit) => list({ by: 'id', sort: 'ASC', from, offset: offset === 0 ? undefined : offset, limit }),
        (trade) => trade.id, { pageSize: PAGE_SIZE, firstFrom, concurrency: oneAtATime ? 1 : 3, anchorPages: 5 },
      );
    },
    lastSpotTrade: async () => (await list({ by: 'id', sort: 'DESC', limit: 1 }))[0] ?? null,
  };
}

export const tradeHistoryCallsV3 = (calls: ServiceCalls): TradeHistoryCalls => tradeHistoryCalls(calls, V3_TRADE_LIST);
