// The sandbox's time, as a client sees it: every response's Date header carries the sandbox clock
// (ahead of the wall clock once a test advanced it), and a request signed with that time is
// accepted, as is one signed with the wall clock; a timestamp outside both windows is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startHarness, type Harness } from './harness';

const HOUR_MS = 3_600_000;
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function serviceDate(): Promise<number> {
  const response = await fetch(`${h.sandbox.restUrl}/api/3/public/currency/BTC`);
  await response.body?.cancel();
  return Date.parse(response.headers.get('date') ?? '');
}

describe('service time', () => {
  it('stamps the sandbox clock in the Date header and accepts signatures on either clock', async () => {
    expect(Math.abs((await serviceDate()) - Date.now())).toBeLessThan(2_000);
    expect((await h.control('POST', '/sandbox/clock/advance', { ms: HOUR_MS })).status).toBe(200);
    const advanced = await serviceDate();
    expect(Math.abs(advanced - (Date.now() + HOUR_MS))).toBeLessThan(2_000);

    const onServiceTime = await h.call('GET', '/api/3/wallet/balance', { timestamp: advanced });
    expect(onServiceTime.status).toBe(200);
    const onWallClock = await h.call('GET', '/api/3/wallet/balance', { timestamp: Date.now() });
    expect(onWallClock.status).toBe(200);
    const halfway = await h.call('GET', '/api/3/wallet/balance', { timestamp: Date.now() + HOUR_MS / 2 });
    expect([halfway.status, errorCode(halfway)]).toEqual([401, 1002]);
  });
});
