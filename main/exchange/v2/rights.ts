// Which rights a key holds, probed as version 3 does (rights-probe.ts), with version 2 calls:
//   PAY  GET /account/balance                (a read)
//   HIST GET /history/trades?limit=1         (a read of the trading history)
//   ORD  GET /trading/fee/{symbol}           (the symbol's fee rates for orders: needs ORD)
//   WDR  DELETE /account/crypto/withdraw/0   (rolls back a withdrawal id that cannot exist: refused
//        for a missing right (403) before the id is looked up, else as unknown; no money moves)
import type { RightsCalls } from '../calls/rights';
import { probeRights, type RightProbes } from '../rights-probe';
import type { ServiceCalls } from '../service-calls';

const IMPOSSIBLE_WITHDRAWAL_ID = '0';
const PROBE_SYMBOL = 'BTCUSDT';

const PROBES: RightProbes = {
  PAY: { call: 'GET /api/2/account/balance', run: (calls) => calls.read('/api/2/account/balance') },
  HIST: { call: 'GET /api/2/history/trades', run: (calls) => calls.read('/api/2/history/trades', { limit: 1 }) },
  ORD: { call: `GET /api/2/trading/fee/${PROBE_SYMBOL}`, run: (calls) => calls.read(`/api/2/trading/fee/${PROBE_SYMBOL}`) },
  WDR: {
    call: `DELETE /api/2/account/crypto/withdraw/${IMPOSSIBLE_WITHDRAWAL_ID}`,
    run: (calls) => calls.idempotent('DELETE', `/api/2/account/crypto/withdraw/${IMPOSSIBLE_WITHDRAWAL_ID}`),
  },
};

export const rightsCallsV2 = (calls: ServiceCalls) => ({
  probeRights: () => probeRights(calls, PROBES),
}) satisfies RightsCalls;
