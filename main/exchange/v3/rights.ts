// Which rights a key holds, found without moving money (api-v3.md: a missing right is HTTP 403,
// code 1003). Each right is probed by the cheapest call that needs it:
//   PAY  GET /wallet/balance               (a read)
//   HIST GET /spot/balance                 (a read)
//   ORD  GET /spot/fee/{symbol}            (a read that needs ORD)
//   WDR  DELETE /wallet/crypto/withdraw/0  (no read needs WDR; this rolls back a withdrawal id that
//        cannot exist, which the service refuses for a missing right (403) before looking the id up,
//        and otherwise refuses as unknown: no money can move either way)
import type { RightsCalls } from '../calls/rights';
import { probeRights, type RightProbes } from '../rights-probe';
import type { V3Calls } from './calls';

const IMPOSSIBLE_WITHDRAWAL_ID = '0';
const PROBE_SYMBOL = 'BTCUSDT';

const PROBES: RightProbes = {
  PAY: { call: 'GET /api/3/wallet/balance', run: (calls) => calls.read('/api/3/wallet/balance') },
  HIST: { call: 'GET /api/3/spot/balance', run: (calls) => calls.read('/api/3/spot/balance') },
  ORD: { call: `GET /api/3/spot/fee/${PROBE_SYMBOL}`, run: (calls) => calls.read(`/api/3/spot/fee/${PROBE_SYMBOL}`) },
  WDR: {
    call: `DELETE /api/3/wallet/crypto/withdraw/${IMPOSSIBLE_WITHDRAWAL_ID}`,
    run: (calls) => calls.idempotent('DELETE', `/api/3/wallet/crypto/withdraw/${IMPOSSIBLE_WITHDRAWAL_ID}`),
  },
};

export const rightsCallsV3 = (calls: V3Calls) => ({
  probeRights: () => probeRights(calls, PROBES),
}) satisfies RightsCalls;
