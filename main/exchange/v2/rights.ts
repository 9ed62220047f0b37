// Which rights a key holds, probed as version 3 does (rights-probe.ts), with version 2 calls:
//   PAY  GET /account/balance                (a read)
//   HIST GET /history/trades?limit=1         (a read of the trading history)
//   ORD  DELETE /order/{clientOrderId}       (cancels an order id that cannot exist: refused for a
//        missing right (403) before the order is looked up, else as not found; nothing changes.
//        api-v2.md shows no REST order call, so a service without this one leaves ORD undetermined)
//   WDR  DELETE /account/crypto/withdraw/0   (rolls back a withdrawal id that cannot exist: refused
//        for a missing right (403) before the id is looked up, else as unknown; no money moves)
import type { RightsCalls } from '../calls/rights';
import { probeRights, type RightProbes } from '../rights-probe';
import type { ServiceCalls } from '../service-calls';

const IMPOSSIBLE_WITHDRAWAL_ID = '0';
const IMPOSSIBLE_CLIENT_ORDER_ID = 'rights-probe-no-such-order';

const PROBES: RightProbes = {
  PAY: { call: 'GET /api/2/account/balance', run: (calls) => calls.read('/api/2/account/balance') },
  HIST: { call: 'GET /api/2/history/trades', run: (calls) => calls.read('/api/2/history/trades', { limit: 1 }) },
  ORD: {
    call: `DELETE /api/2/order/${IMPOSSIBLE_CLIENT_ORDER_ID}`,
    run: (calls) => calls.idempotent('DELETE', `/api/2/order/${IMPOSSIBLE_CLIENT_ORDER_ID}`),
  },
  WDR: {
    call: `DELETE /api/2/account/crypto/withdraw/${IMPOSSIBLE_WITHDRAWAL_ID}`,
    run: (calls) => calls.idempotent('DELETE', `/api/2/account/crypto/withdraw/${IMPOSSIBLE_WITHDRAWAL_ID}`),
  },
};

export const rightsCallsV2 = (calls: ServiceCalls) => ({
  probeRights: () => probeRights(calls, PROBES),
}) satisfies RightsCalls;
