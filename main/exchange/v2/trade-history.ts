// Version 2 spot trade history: the same records as version 3's under camelCase names, read the
// same way (v3/trade-history.ts); margin trades are left out, they never touch the spot balance.
import type { TradeHistoryCalls } from '../calls/trade-history';
import type { ServiceCalls } from '../service-calls';
import { tradeHistoryCalls, type TradeListShape } from '../v3/trade-history';

const V2_TRADE_LIST: TradeListShape = {
  path: '/api/2/history/trades', orderId: 'orderId', clientOrderId: 'clientOrderId', fixed: { margin: 'ignore' },
};

export const tradeHistoryCallsV2 = (calls: ServiceCalls): TradeHistoryCalls => tradeHistoryCalls(calls, V2_TRADE_LIST);
