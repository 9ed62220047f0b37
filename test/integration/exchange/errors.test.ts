// Error mapping against the sandbox: real refusals where the sandbox produces them, injected
// faults (status + code on a path) for the rest. Each reaches the caller as one ApiError with
// status, code, message, description and plain words.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../main/core/app-error';
import { toAppFailure } from '../../../main/core/session/api-failure';
import { ApiError } from '../../../main/exchange/errors';
import { appErrorText } from '../../../preload/contract/result';
import { clientFor, startFixture, type Fixture } from './sandbox-fixture';

let fixture: Fixture;
const COLD_STORAGE = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

beforeAll(async () => {
  fixture = await startFixture();
});
afterAll(() => fixture.close());
afterEach(() => fixture.control('DELETE', '/sandbox/faults'));

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('refusals the sandbox really makes', () => {
  it('20001 insufficient funds', async () => {
    const { api } = clientFor(fixture);
    const error = await failure(api.prepareWithdrawal({ currency: 'BTC', amount: new Decimal('1000000'), address: COLD_STORAGE }));
    expect([error.status, error.code]).toEqual([400, 20001]);
    expect(error.userMessage).toBe('Insufficient funds: the balance does not cover the amount and fees. (code 20001)');
    // The contract carries the words alone: the screen adds the code once.
    expect(appErrorText(toAppFailure(error) as AppFailure)).toBe('Insufficient funds: the balance does not cover the amount and fees. (API_20001)');
  });

  it('2002 unknown currency', async () => {
    const error = await failure(clientFor(fixture).api.depositAddresses('NOPE'));
    expect(error.code).toBe(2002);
    expect(error.userMessage).toContain('Unknown currency');
  });

  it('10001 names the parameter', async () => {
    const error = await failure(clientFor(fixture).api.depositAddresses('BTC', 'NOT-A-NETWORK'));
    expect(error.code).toBe(10001);
    expect(error.field).toBe('network_code');
    expect(error.userMessage).toContain('for network_code');
  });

  it('1002 for a wrong secret, retried at most once', async () => {
    const { api, statuses } = clientFor(fixture, {}, { apiKey: fixture.sandbox.master.apiKey, secretKey: 'wrong' });
    const error = await failure(api.walletBalances());
    expect([error.status, error.code]).toEqual([401, 1002]);
    expect(error.userMessage).toContain('Authorization failed');
    expect(statuses).toEqual([401]);
  });

  it('1003 for a key without the right', async () => {
    const payOnly = await fixture.keyByLabel('pay-only');
    const error = await failure(clientFor(fixture, {}, payOnly).api.spotBalances());
    expect([error.status, error.code]).toEqual([403, 1003]);
    expect(error.appCode).toBe('API_1003');
    expect(error.words).toBe('This key lacks the History and trading balance right (HIST).');
  });

  it('1003 on a withdrawal names the Withdraw right, and the screen shows the code once', async () => {
    const payOnly = await fixture.keyByLabel('pay-only');
    const error = await failure(clientFor(fixture, {}, payOnly).api.prepareWithdrawal({ currency: 'BTC', amount: new Decimal('0.001'), address: COLD_STORAGE }));
    expect([error.status, error.code, error.neededRight]).toEqual([403, 1003, 'WDR']);
    const failure_ = toAppFailure(error);
    expect(failure_).toBeInstanceOf(AppFailure);
    const shown = appErrorText(failure_ as AppFailure);
    expect(shown).toBe('This key lacks the Withdraw right (WDR). (API_1003)');
    expect(shown.match(/1003/g)).toHaveLength(1);
  });

  it('22004 unknown beneficiary', async () => {
    const error = await failure(clientFor(fixture).api.internalWithdraw({ currency: 'USDT', amount: new Decimal('1'), by: 'email', identifier: 'nobody@nowhere.test' }));
    expect(error.code).toBe(22004);
    expect(error.userMessage).toBe('User not found. (code 22004)');
  });

  it('refuses bad input before any request, naming the field', async () => {
    const { api, statuses } = clientFor(fixture);
    const error = await failure(api.transfer({ currency: 'USDT', amount: new Decimal('-1'), source: 'wallet', destination: 'spot' }));
    expect([error.kind, error.field]).toEqual(['input', 'amount']);
    expect(statuses).toEqual([]);
  });
});

describe('codes injected by fault rules', () => {
  it.each([
    [400, 20002, 'Order not found'],
    [400, 20003, 'Limit exceeded'],
    [500, 500, 'internal error'],
    [400, 21004, 'already frozen or disabled'],
    [400, 2001, 'Unknown symbol'],
    [400, 600, 'not allowed'],
    [400, 10021, 'frozen or disabled'],
    [401, 1001, 'requires authorization'],
    [400, 20018, 'Withdrawals are unavailable'],
  ])('HTTP %i code %i reads "%s"', async (status, code, words) => {
    await fixture.control('POST', '/sandbox/faults', { path: '/api/3/wallet/crypto/address/white-list', status, code, message: 'injected', count: 1 });
    const error = await failure(clientFor(fixture).api.whitelistedAddresses());
    expect([error.status, error.code]).toEqual([status, code]);
    expect(error.userMessage).toContain(words);
    expect(error.description).toMatch(/sandbox fault rule/);
  });

  it.each([429, 503, 504])('a GET answered %i is retried with backoff and then succeeds', async (status) => {
    await fixture.control('POST', '/sandbox/faults', { path: '/api/3/wallet/crypto/address/white-list', status, count: 2 });
    const { api, statuses } = clientFor(fixture, { backoff: { baseMs: 20, capMs: 100, maxAttempts: 5 } });
    expect((await api.whitelistedAddresses()).length).toBeGreaterThan(0);
    expect(statuses).toEqual([status, status, 200]);
  });

  it('a GET that keeps failing gives up after maxAttempts with plain words', async () => {
    await fixture.control('POST', '/sandbox/faults', { path: '/api/3/wallet/crypto/address/white-list', status: 503 });
    const { api, statuses } = clientFor(fixture, { backoff: { baseMs: 10, capMs: 20, maxAttempts: 3 } });
    const error = await failure(api.whitelistedAddresses());
    expect(error.userMessage).toBe('The service is down for maintenance. Try again later. (code 503)');
    expect(statuses).toEqual([503, 503, 503]);
  });

  it('a money POST answered 503 is never re-sent and comes back uncertain', async () => {
    await fixture.control('POST', '/sandbox/faults', { path: '/api/3/wallet/transfer', status: 503, count: 1 });
    const { api, statuses } = clientFor(fixture, { backoff: { baseMs: 10, capMs: 20, maxAttempts: 5 } });
    const result = await api.transfer({ currency: 'USDT', amount: new Decimal('1.5'), source: 'wallet', destination: 'spot' });
    expect(result.status).toBe('uncertain');
    expect(statuses).toEqual([503]);
  });

  it('a money POST answered 504 / 22008 is uncertain, in plain words', async () => {
    await fixture.control('POST', '/sandbox/faults', { path: '/api/3/wallet/convert', status: 504, code: 22008, count: 1 });
    const result = await clientFor(fixture).api.convert({ fromCurrency: 'USDT', toCurrency: 'BTC', amount: new Decimal('2') });
    expect(result).toMatchObject({ status: 'uncertain', reason: 'The service gateway timed out. The outcome is unknown until it has been checked. (code 22008)' });
  });

  it('withdrawal commit (PUT) and rollback (DELETE) are idempotent and retried like reads', async () => {
    const { api, statuses } = clientFor(fixture, { backoff: { baseMs: 10, capMs: 20, maxAttempts: 4 } });
    const prepared = await api.prepareWithdrawal({ currency: 'BTC', amount: new Decimal('0.0002'), address: COLD_STORAGE });
    if (prepared.status !== 'done') throw new Error('uncertain');
    const path = `/api/3/wallet/crypto/withdraw/${prepared.value.id}`;
    await fixture.control('POST', '/sandbox/faults', { path, method: 'DELETE', status: 503, count: 1 });
    await fixture.control('POST', '/sandbox/faults', { path, method: 'DELETE', status: 504, count: 1 });
    expect(await api.rollbackWithdrawal(prepared.value.id)).toBe(true);
    expect(statuses.slice(1)).toEqual([503, 504, 200]);
    const second = await api.prepareWithdrawal({ currency: 'BTC', amount: new Decimal('0.0003'), address: COLD_STORAGE });
    if (second.status !== 'done') throw new Error('uncertain');
    await fixture.control('POST', '/sandbox/faults', { path: `/api/3/wallet/crypto/withdraw/${second.value.id}`, method: 'PUT', status: 429, count: 1 });
    expect(await api.commitWithdrawal(second.value.id)).toBe(true);
    expect(statuses.slice(-2)).toEqual([429, 200]);
  });
});
