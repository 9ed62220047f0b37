// Which rights a key holds, found without moving money: each right is probed by the cheapest call
// that needs it, and a missing right is HTTP 403 (code 1003) in every API version. Each version
// names its own probe calls; the judging of their answers is the same.
import { KEY_RIGHTS, type KeyRight, type RightsProbe } from './domain';
import { ApiError } from './errors';
import type { ServiceCalls } from './service-calls';

export type RightProbes = Readonly<Record<KeyRight, { call: string; run: (calls: ServiceCalls) => Promise<unknown> }>>;

const isForbidden = (error: ApiError) => error.status === 403 || error.code === 1003;
/** A bad key or secret, or a service that cannot be reached at all: no right can be judged, and
 *  probing the other three would only repeat the wait. The caller must hear it. */
const isAuthFailure = (error: ApiError) => error.status === 401;
const isUnreachable = (error: ApiError) => error.kind === 'network' || error.kind === 'timeout';
/** Errors that say nothing about rights: limits, outages, a service without the endpoint. */
const isInconclusive = (error: ApiError) =>
  error.kind !== 'service' || error.status === 404 || error.status === 429 || (error.status !== null && error.status >= 500);

type Verdict = 'held' | 'missing' | 'undetermined';

async function probeOne(calls: ServiceCalls, probes: RightProbes, right: KeyRight): Promise<{ verdict: Verdict; evidence: string }> {
  const probe = probes[right];
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

export async function probeRights(calls: ServiceCalls, probes: RightProbes): Promise<RightsProbe> {
  const rights: KeyRight[] = [];
  const undetermined: KeyRight[] = [];
  const evidence: Record<KeyRight, string> = { PAY: '', WDR: '', HIST: '', ORD: '' };
  for (const right of KEY_RIGHTS) {
    const outcome = await probeOne(calls, probes, right);
    evidence[right] = outcome.evidence;
    if (outcome.verdict === 'held') rights.push(right);
    if (outcome.verdict === 'undetermined') undetermined.push(right);
  }
  return { rights, undetermined, evidence };
}
