// Which rights a key holds, found without moving money (api-v3.md: a missing right is HTTP 403,
// code 1003). Each right is probed by the cheapest call that needs it:
//   PAY  GET /wallet/balance               (a read)
//   HIST GET /spot/balance                 (a read)
//   ORD  GET /spot/fee/{symbol}            (a read that needs ORD)
//   WDR  DELETE /wallet/crypto/withdraw/0  (no read needs WDR; this rolls back a withdrawal id that
//        cannot exist, which the service refuses for a missing right (403) before looking the id up,
//        and otherwise refuses as unknown: no money can move either way)
import type { RightsCalls } from '../calls/rights';
import { KEY_RIGHTS, type KeyRight, type RightsProbe } from '../domain';
import { ApiError } from '../errors';
import type { V3Calls } from './calls';

const IMPOSSIBLE_WITHDRAWAL_ID = '0';
const PROBE_SYMBOL = 'BTCUSDT';

type Probe = (calls: V3Calls) => Promise<unknown>;

const PROBES: Readonly<Record<KeyRight, { call: string; run: Probe }>> = {
  PAY: { call: 'GET /api/3/wallet/balance', run: (calls) => calls.read('/api/3/wallet/balance') },
  HIST: { call: 'GET /api/3/spot/balance', run: (calls) => calls.read('/api/3/spot/balance') },
  ORD: { call: `GET /api/3/spot/fee/${PROBE_SYMBOL}`, run: (calls) => calls.read(`/api/3/spot/fee/${PROBE_SYMBOL}`) },
  WDR: {
    call: `DELETE /api/3/wallet/crypto/withdraw/${IMPOSSIBLE_WITHDRAWAL_ID}`,
    run: (calls) => calls.idempotent('DELETE', `/api/3/wallet/crypto/withdraw/${IMPOSSIBLE_WITHDRAWAL_ID}`),
  },
};

const isForbidden = (error: ApiError) => error.status === 403 || error.code === 1003;
/** A bad key or secret, or a service that cannot be reached at all: no right can be judged, and
 *  probing the other three would only repeat the wait. The caller must hear it. */
const isAuthFailure = (error: ApiError) => error.status === 401;
const isUnreachable = (error: ApiError) => error.kind === 'network' || error.kind === 'timeout';
/** Errors that say nothing about rights: limits, outages, a service without the endpoint. */
const isInconclusive = (error: ApiError) =>
  error.kind !== 'service' || error.status === 404 || error.status === 429 || (error.status !== null && error.status >= 500);

type Verdict = 'held' | 'missing' | 'undetermined';

async function probeOne(calls: V3Calls, right: KeyRight): Promise<{ verdict: Verdict; evidence: string }> {
  const probe = PROBES[right];
  try {
    await probe.run(calls);
    return { verdict: 'held', evidence: `${probe.call}: allowed` };
  } catch (error) {
    if (!(error instanceof ApiError) || isAuthFailure(error) || isUnreachable(error)) throw error;
    const code = error.code ?? error.status;
    if (isInconclusive(error)) return { verdict: 'undetermined', evidence: `${probe.call}: inconclusive (${code}: ${error.message})` };
    if (isForbidden(error)) return { verdict: 'missing', evidence: `${probe.call}: forbidden (${code})` };
    return { verdict: 'held', evidence: `${probe.call}: past the rights check, refused with ${code}` };
  }
}

async function probeRights(calls: V3Calls): Promise<RightsProbe> {
  const rights: KeyRight[] = [];
  const undetermined: KeyRight[] = [];
  const evidence: Record<KeyRight, string> = { PAY: '', WDR: '', HIST: '', ORD: '' };
  for (const right of KEY_RIGHTS) {
    const outcome = await probeOne(calls, right);
    evidence[right] = outcome.evidence;
    if (outcome.verdict === 'held') rights.push(right);
    if (outcome.verdict === 'undetermined') undetermined.push(right);
  }
  return { rights, undetermined, evidence };
}

export const rightsCallsV3 = (calls: V3Calls) => ({
  probeRights: () => probeRights(calls),
}) satisfies RightsCalls;
