// The window a signature is sent with, as the sandbox sees it: every version 3 HS256 request and
// stream login names its window, the sandbox honours exactly that window, and an uncertain move's
// deadline is built from the timestamp and window that went over the wire (or, for version 2,
// from the seconds the sandbox tolerates; for Basic, from nothing: it has none).
import Decimal from '../../../preload/contract/decimal';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClock } from '../../../main/exchange/clock';
import type { Credentials } from '../../../main/exchange/transport';
import { createV2Api } from '../../../main/exchange/v2/api';
import { clientFor, startFixture, type Fixture } from './sandbox-fixture';
import { hs256Fields, startCountingProxy, type CountingProxy } from './counting-proxy';

let fixture: Fixture;
let proxy: CountingProxy;
const BALANCE = '/api/3/wallet/balance';
const TRANSFER = '/api/3/wallet/transfer';
const CLOCK_PATH = '/api/3/public/currency/BTC';

beforeAll(async () => {
  fixture = await startFixture();
  proxy = await startCountingProxy(fixture.sandbox.restUrl);
});
afterAll(async () => {
  await proxy.close();
  await fixture.close();
});
afterEach(async () => {
  await fixture.control('DELETE', '/sandbox/faults');
  proxy.requests.length = 0;
});

function master(scheme: Credentials['scheme'], windowMs?: number): Credentials {
  const key = fixture.sandbox.master;
  const credentials: Credentials = { apiKey: key.apiKey, scheme, readSecret: async () => key.secretKey };
  return windowMs === undefined ? credentials : { ...credentials, windowMs };
}

const toSpot = (amount: string) => ({ currency: 'USDT', amount: new Decimal(amount), source: 'wallet' as const, destination: 'spot' as const });

describe('version 3 REST', () => {
  it('names the usual 10 s window when the credentials name none', async () => {
    const { api } = clientFor(fixture, { baseUrl: proxy.url, credentials: master('HS256') });
    await api.walletBalances();
    const fields = hs256Fields(proxy.requests[0]?.authorization);
    expect(fields).toHaveLength(4);
    expect(fields[3]).toBe('10000');
  });

  it('is refused once held past the window it names, and taken when the window covers the hold', async () => {
    // Held 2.5 s before the sandbox reads it: past a 1 s window, within a 4 s one.
    const hold = { path: BALANCE, method: 'GET', latency_ms: 2_500, count: 1 };
    await fixture.control('POST', '/sandbox/faults', hold);
    const short = clientFor(fixture, { baseUrl: proxy.url, credentials: master('HS256', 1_000) });
    const answered = await short.api.walletBalances().then(() => true, (error: unknown) => {
      expect(error).toMatchObject({ code: 1002 });
      return false;
    });
    const [held, ...after] = proxy.requests;
    expect(hs256Fields(held?.authorization)[3]).toBe('1000');
    expect(held?.status).toBe(401);
    // Whether the client signs once more depends on what its clock learned from the refusal; a
    // fresh signature, if sent, is taken.
    expect(after.map((r) => r.status)).toEqual(answered ? [200] : []);

    proxy.requests.length = 0;
    await fixture.control('POST', '/sandbox/faults', hold);
    const long = clientFor(fixture, { baseUrl: proxy.url, credentials: master('HS256', 4_000) });
    await long.api.walletBalances();
    expect(proxy.requests.map((r) => [hs256Fields(r.authorization)[3], r.status])).toEqual([['4000', 200]]);
  });
});

describe('the deadline of an uncertain move', () => {
  const replyLost = { path: TRANSFER, method: 'POST', status: 504, after: true, count: 1 };

  it('is the signed timestamp plus the window sent plus the grace', async () => {
    await fixture.control('POST', '/sandbox/faults', replyLost);
    const { api } = clientFor(fixture, { baseUrl: proxy.url, settleGraceMs: 1_000, credentials: master('HS256', 3_000) });
    const result = await api.transfer(toSpot('0.31'));
    if (result.status !== 'uncertain') throw new Error(`expected uncertain, got ${result.status}`);
    const [, , timestamp, window] = hs256Fields(proxy.requests.find((r) => r.path === TRANSFER)?.authorization);
    expect(window).toBe('3000');
    expect(result.operation.sentAtMs).toBe(Number(timestamp));
    expect(result.operation.settleByMs).toBe(Number(timestamp) + 3_000 + 1_000);
  });

  it('is null with Basic: nothing bounds when the service may still run it', async () => {
    await fixture.control('POST', '/sandbox/faults', replyLost);
    const { api } = clientFor(fixture, { baseUrl: proxy.url, settleGraceMs: 1_000, credentials: master('BASIC', 3_000) });
    const result = await api.transfer(toSpot('0.32'));
    if (result.status !== 'uncertain') throw new Error(`expected uncertain, got ${result.status}`);
    expect(proxy.requests.find((r) => r.path === TRANSFER)?.authorization?.startsWith('Basic ')).toBe(true);
    expect(result.operation.settleByMs).toBeNull();
    expect(result.operation.sentAtMs).toBeGreaterThan(0);
  });

  it('with version 2 HS256 runs to the end of the tenth second after the one signed, plus the grace', async () => {
    await fixture.control('POST', '/sandbox/faults', { ...replyLost, path: '/api/2/account/transfer' });
    const { api } = clientFor(fixture, { baseUrl: proxy.url, settleGraceMs: 1_000, credentials: master('HS256', 3_000) }, undefined, createV2Api);
    const result = await api.transfer(toSpot('0.33'));
    if (result.status !== 'uncertain') throw new Error(`expected uncertain, got ${result.status}`);
    const fields = hs256Fields(proxy.requests.find((r) => r.path === '/api/2/account/transfer')?.authorization);
    expect(fields).toHaveLength(3);
    const seconds = Number(fields[1]);
    expect(result.operation.settleByMs).toBe((seconds + 11) * 1_000 + 1_000);
  });
});

describe('what bounds a version 2 HS256 request at the sandbox', () => {
  it.each([
    [9_000, [200]],
    [12_500, [401, 200]],
  ])('a timestamp %i ms old is answered %j (the refused one re-signed once)', async (lagMs, statuses) => {
    const clock = new ServiceClock(() => Date.now() - lagMs);
    const { api } = clientFor(fixture, { baseUrl: proxy.url, clock, credentials: master('HS256') }, undefined, createV2Api);
    await api.walletBalances();
    expect(proxy.requests.map((r) => r.status)).toEqual(statuses);
  });
});

describe('version 3 stream login', () => {
  it.each([
    ['HS256', 1_500, true],
    ['HS256', 5_000, false],
    ['BASIC', 1_500, false],
  ] as const)('%s with a %i ms window and a clock 3 s slow re-syncs the clock first: %s', async (scheme, windowMs, resynced) => {
    const clock = new ServiceClock(() => Date.now() - 3_000);
    const { api, events } = clientFor(fixture, { clock, credentials: master(scheme, windowMs) });
    const wallet = api.walletStream();
    await wallet.live();
    wallet.close();
    expect(events.some((event) => event.path === CLOCK_PATH)).toBe(resynced);
  });
});
