// A money move the service refuses with 429 (refused before handling, so nothing happened) is sent
// again after the service's Retry-After, a few times at most, and never silently: each resend is
// logged and told to the move's sender. Meanwhile the limiter holds the rest of that class of
// requests back. The sandbox's own transaction list says how many moves really happened.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../main/exchange/errors';
import { createLogger } from '../../../main/exchange/log';
import { withMoveNotices, type MoveNotice } from '../../../main/exchange/move-notices';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import { clientFor, collect, startFixture, type Fixture } from './sandbox-fixture';
import { startCountingProxy, type CountingProxy } from './counting-proxy';

let fixture: Fixture;
/** Adds Retry-After: 2 to the sandbox's 429s, which carry none of their own. */
let proxy: CountingProxy;
const TRANSFER = '/api/3/wallet/transfer';
const BALANCE = '/api/3/wallet/balance';
const RETRY_AFTER_MS = 2_000;

beforeAll(async () => {
  fixture = await startFixture();
  proxy = await startCountingProxy(fixture.sandbox.restUrl, { retryAfterOn429: String(RETRY_AFTER_MS / 1_000) });
});
afterAll(async () => {
  await proxy.close();
  await fixture.close();
});
afterEach(async () => {
  await fixture.control('DELETE', '/sandbox/faults');
  proxy.requests.length = 0;
});

function refuse(count: number) {
  return fixture.control('POST', '/sandbox/faults', { path: TRANSFER, method: 'POST', status: 429, code: 429, message: 'Too many requests', count });
}

/** Transactions the sandbox created after `afterId`, read from the service itself. */
async function createdSince(api: TreasuryApi, afterId: string | null): Promise<Array<{ amount: string }>> {
  const all = await collect(api.transactionsAfterId(afterId ?? undefined));
  return all.map((tx) => ({ amount: tx.amount.toString() }));
}

function recordingClient() {
  const lines: Array<{ message: string; fields: Record<string, unknown> }> = [];
  const logger = createLogger((_level, message, fields) => lines.push({ message, fields }), 'info');
  const connectionNotices: MoveNotice[] = [];
  const { api } = clientFor(fixture, { baseUrl: proxy.url, logger, onMoveNotice: (notice) => connectionNotices.push(notice) });
  return { api, lines, connectionNotices };
}

describe('a money move refused with 429', () => {
  it('is sent again after Retry-After, says so each time, and happens exactly once', async () => {
    const { api, lines, connectionNotices } = recordingClient();
    const before = await api.newestTransactionId();
    await refuse(2);
    const senderNotices: MoveNotice[] = [];
    const result = await withMoveNotices((notice) => senderNotices.push(notice), () => api.transfer({
      currency: 'USDT', amount: new Decimal('0.4271'), source: 'wallet', destination: 'spot',
    }));

    expect(result.status).toBe('done');
    const sends = proxy.requests.filter((r) => r.path === TRANSFER);
    expect(sends.map((r) => r.status)).toEqual([429, 429, 200]);
    for (let i = 1; i < sends.length; i++) {
      expect((sends[i]?.arrivedAt ?? 0) - (sends[i - 1]?.arrivedAt ?? 0)).toBeGreaterThanOrEqual(RETRY_AFTER_MS - 50);
    }
    expect(senderNotices.map((n) => [n.kind, n.move, n.attempt, n.maxAttempts])).toEqual([
      ['rate-limited', 'transfer', 1, 4],
      ['rate-limited', 'transfer', 2, 4],
    ]);
    expect(senderNotices.every((n) => n.retryInMs >= RETRY_AFTER_MS)).toBe(true);
    expect(senderNotices[0]?.message).toMatch(/^Rate limited by the service; sending again in \d+ s \(attempt 2 of 4\)$/);
    expect(connectionNotices).toEqual(senderNotices);
    expect(lines.filter((l) => l.message === 'rate limited: sending the money move again').map((l) => l.fields.attempt)).toEqual([1, 2]);

    const created = await createdSince(api, before);
    expect(created.filter((tx) => tx.amount === '0.4271')).toHaveLength(1);
  });

  it('holds the other requests of its class back until the wait is over', async () => {
    const { api } = recordingClient();
    await refuse(1);
    let balances: Promise<unknown> | undefined;
    const moved = await withMoveNotices(() => {
      balances ??= api.walletBalances();
    }, () => api.transfer({ currency: 'USDT', amount: new Decimal('0.1171'), source: 'wallet', destination: 'spot' }));
    expect(moved.status).toBe('done');
    expect(await balances).toEqual(expect.any(Array));
    const refused = proxy.requests.find((r) => r.status === 429);
    const read = proxy.requests.find((r) => r.path === BALANCE);
    // Asked right after the 429, the read left only once the service's Retry-After had passed.
    expect((read?.arrivedAt ?? 0) - (refused?.arrivedAt ?? Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(RETRY_AFTER_MS - 50);
  });

  it('gives up after its attempts with the service\'s 429, and nothing was created', async () => {
    const { api, lines } = recordingClient();
    const before = await api.newestTransactionId();
    await refuse(10);
    const notices: MoveNotice[] = [];
    const failure = await withMoveNotices((notice) => notices.push(notice), () => api.transfer({
      currency: 'USDT', amount: new Decimal('0.5381'), source: 'wallet', destination: 'spot',
    })).then(() => null, (error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 429, appCode: 'API_429' });
    expect((failure as ApiError).userMessage).toBe(
      'Too many requests: the service refused the request before acting on it and asked us to slow down. Try again in a moment. (code 429)',
    );
    expect(proxy.requests.filter((r) => r.path === TRANSFER).map((r) => r.status)).toEqual([429, 429, 429, 429]);
    expect(notices.map((n) => n.attempt)).toEqual([1, 2, 3]);
    expect(lines.some((l) => l.message === 'rate limited: money move not sent' && l.fields.attempts === 4)).toBe(true);
    expect((await createdSince(api, before)).filter((tx) => tx.amount === '0.5381')).toHaveLength(0);
  }, 30_000);
});
