// Clock skew, lost replies of money-moving POSTs and their reconciliation, against the sandbox.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClock } from '../../../main/exchange/clock';
import { clientFor, startFixture, type Fixture } from './sandbox-fixture';
import { startCountingProxy, type CountingProxy } from './counting-proxy';
import { decideNow, moveOf, settleFromHistory } from './settle-from-history';

let fixture: Fixture;
let proxy: CountingProxy;
const COLD_STORAGE = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const WITHDRAW = '/api/3/wallet/crypto/withdraw';

beforeAll(async () => {
  fixture = await startFixture();
  proxy = await startCountingProxy(fixture.sandbox.restUrl);
});
afterAll(async () => {
  await proxy.close();
  await fixture.close();
});
afterEach(() => fixture.control('DELETE', '/sandbox/faults'));

/** A lost reply is settled once its signature window has closed: 3 s rather than the usual 10 keeps these tests short. */
function shortWindow(windowMs = 3_000) {
  const key = fixture.sandbox.master;
  return { apiKey: key.apiKey, scheme: 'HS256' as const, windowMs, readSecret: async () => key.secretKey };
}

describe('clock skew', () => {
  it('a clock five minutes fast is corrected after one 1002, then signs right first time', async () => {
    const clock = new ServiceClock(() => Date.now() + 300_000);
    const { api, statuses } = clientFor(fixture, { clock });
    expect((await api.walletBalances()).length).toBeGreaterThan(0);
    expect(statuses).toEqual([401, 200]);
    expect(clock.offsetMs).toBeLessThan(-298_000);
    await api.spotBalances();
    expect(statuses).toEqual([401, 200, 200]);
  });

  it('a clock an hour slow recovers the same way', async () => {
    const { api, statuses } = clientFor(fixture, { clock: new ServiceClock(() => Date.now() - 3_600_000) });
    await api.walletBalances();
    expect(statuses).toEqual([401, 200]);
  });

  it('re-syncs and retries once, never more, when the key is also wrong', async () => {
    const key = { apiKey: fixture.sandbox.master.apiKey, secretKey: 'wrong' };
    const { api, statuses } = clientFor(fixture, { clock: new ServiceClock(() => Date.now() + 300_000) }, key);
    await expect(api.walletBalances()).rejects.toMatchObject({ code: 1002 });
    expect(statuses).toEqual([401, 401]);
  });
});

describe('a money POST whose reply is lost', () => {
  it('times out, is reported uncertain, is found by the reconciler, and went over the wire once', async () => {
    await fixture.control('POST', '/sandbox/faults', { path: WITHDRAW, method: 'POST', latency_ms: 1_200 });
    const { api } = clientFor(fixture, { baseUrl: proxy.url, timeoutMs: 300, settleGraceMs: 1_000, credentials: shortWindow() });
    const amount = new Decimal('0.00123');
    const result = await api.prepareWithdrawal({ currency: 'BTC', amount, address: COLD_STORAGE });
    if (result.status !== 'uncertain') throw new Error('expected uncertain');
    expect(result.reason).toBe('The service did not answer in time.');
    expect(result.operation).toMatchObject({ kind: 'withdraw', currency: 'BTC', amount: '0.00123', destination: COLD_STORAGE });
    const outcome = await settleFromHistory(result.operation, api);
    if (outcome.status !== 'found') throw new Error(`expected found, got ${outcome.status}`);
    expect(outcome.transaction.amount.equals(amount)).toBe(true);
    expect(outcome.transaction.status).toBe('CREATED');
    expect(proxy.count('POST', WITHDRAW)).toBe(1);
    expect(await api.rollbackWithdrawal(outcome.transaction.id)).toBe(true);
  });

  it('a 504 that the service never executed is proven absent after the signature window', async () => {
    await fixture.control('POST', '/sandbox/faults', { path: WITHDRAW, method: 'POST', status: 504, count: 1 });
    const { api } = clientFor(fixture, { baseUrl: proxy.url, settleGraceMs: 300, credentials: shortWindow(1_500) });
    const before = proxy.count('POST', WITHDRAW);
    const result = await api.prepareWithdrawal({ currency: 'BTC', amount: new Decimal('0.00077'), address: COLD_STORAGE });
    if (result.status !== 'uncertain') throw new Error('expected uncertain');
    expect((await decideNow(moveOf(result.operation), api)).status).toBe('wait');
    const outcome = await settleFromHistory(result.operation, api);
    expect(outcome.status).toBe('absent');
    expect(proxy.count('POST', WITHDRAW) - before).toBe(1);
  });

  it('a transfer whose reply is lost is reconciled the same way', async () => {
    await fixture.control('POST', '/sandbox/faults', { path: '/api/3/wallet/transfer', method: 'POST', latency_ms: 800 });
    const { api } = clientFor(fixture, { baseUrl: proxy.url, timeoutMs: 200, settleGraceMs: 1_000, credentials: shortWindow() });
    const result = await api.transfer({ currency: 'USDT', amount: new Decimal('7.77'), source: 'wallet', destination: 'spot' });
    if (result.status !== 'uncertain') throw new Error('expected uncertain');
    const outcome = await settleFromHistory(result.operation, api);
    expect(outcome.status).toBe('found');
    expect(proxy.count('POST', '/api/3/wallet/transfer')).toBe(1);
  });

  it.each([
    ['convert', '/api/3/wallet/convert'],
    ['internal withdrawal', '/api/3/wallet/internal/withdraw'],
    ['sub-account transfer', '/api/3/sub-account/transfer'],
  ])('a %s whose reply is lost is found in the history', async (_name, path) => {
    await fixture.control('POST', '/sandbox/faults', { path, method: 'POST', latency_ms: 800 });
    const { api } = clientFor(fixture, { baseUrl: proxy.url, timeoutMs: 200, settleGraceMs: 1_000, credentials: shortWindow() });
    const alpha = (await api.subAccounts()).find((sub) => sub.email === 'sub-alpha@sandbox.test');
    if (alpha === undefined) throw new Error('no sub-alpha');
    const amount = new Decimal('4.321');
    const result = path.endsWith('convert')
      ? await api.convert({ fromCurrency: 'USDT', toCurrency: 'ETH', amount })
      : path.endsWith('internal/withdraw')
        ? await api.internalWithdraw({ currency: 'USDT', amount, by: 'email', identifier: 'sub-beta@sandbox.test' })
        : await api.subAccountTransfer({ subAccountId: alpha.id, currency: 'USDT', amount, direction: 'to_sub_account' });
    if (result.status !== 'uncertain') throw new Error('expected uncertain');
    const outcome = await settleFromHistory(result.operation, api);
    expect(outcome.status).toBe('found');
    expect(proxy.count('POST', path)).toBe(1);
  });

  it('two identical withdrawals in the window are reported ambiguous, for a person to decide', async () => {
    const { api } = clientFor(fixture);
    const sentAtMs = api.serviceNow() - 2_000;
    const request = { currency: 'LTC', amount: new Decimal('0.321'), address: 'ltc1qg82m4z9d3ykvq0c0yx0lfz9h6q4d5q8c7d2v0n' };
    const first = await api.prepareWithdrawal(request);
    const second = await api.prepareWithdrawal(request);
    expect([first.status, second.status]).toEqual(['done', 'done']);
    const operation = { kind: 'withdraw' as const, currency: 'LTC', amount: '0.321', destination: request.address, sentAtMs, settleByMs: sentAtMs };
    // Judged as at the end of a window that both fall in.
    const settleByMs = api.serviceNow() + 2_000;
    const outcome = await decideNow(moveOf({ ...operation, settleByMs }), api, settleByMs);
    expect(outcome.status).toBe('ambiguous');
    expect(outcome.status === 'ambiguous' && outcome.candidates.length).toBe(2);
  });
});
