// Wallet and withdrawal approvals end to end below the UI: the wallet core against the sandbox over real sockets.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BTC_ADDRESS, startHarness, unwrap, waitForEvent, type Harness } from './harness';
import { createV3Api } from '../../../main/exchange/v3/api';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await h.core.activate();
  await waitForEvent(h, 'walletLive', (e) => e.live);
});

afterAll(async () => {
  await h?.close();
});

async function walletAvailable(currency: string): Promise<Decimal> {
  const overview = unwrap(await h.core.handlers.getWalletOverview({ valuationCurrency: 'USDT' }));
  return new Decimal(overview.balances.find((b) => b.currency === currency)?.wallet.available ?? '0');
}

const withdrawPosts = () => h.wire.filter((line) => line === 'POST /api/3/wallet/crypto/withdraw').length;

describe('wallet overview', () => {
  it('merges wallet and spot per currency and values them in the chosen currency', async () => {
    const overview = unwrap(await h.core.handlers.getWalletOverview({ valuationCurrency: 'usdt' }));
    expect(overview.valuationCurrency).toBe('USDT');
    expect(overview.live).toBe(true);
    const btc = overview.balances.find((b) => b.currency === 'BTC');
    expect(btc).toBeDefined();
    expect(new Decimal(btc!.wallet.available).gt(0)).toBe(true);
    expect(new Decimal(btc!.spot.available).gt(0)).toBe(true);
    expect(btc!.total).toBe(new Decimal(btc!.wallet.available).plus(btc!.wallet.reserved).plus(btc!.spot.available).plus(btc!.spot.reserved).toFixed());
    expect(btc!.value).toBe(new Decimal(btc!.total).times(overview.rates.BTC!).toFixed());
    const sum = overview.balances.reduce((acc, b) => acc.plus(b.value ?? 0), new Decimal(0));
    expect(overview.totalValue).toBe(sum.toFixed());
    expect(overview.precision.BTC).toBe(8);
  });
});

describe('withdrawal approvals', () => {
  it('prepare → in the queue → commit → PENDING → SUCCESS after the clock advances', async () => {
    const before = await walletAvailable('BTC');
    const prepared = unwrap(await h.core.handlers.prepareWithdrawal({ currency: 'BTC', address: BTC_ADDRESS, amount: '0.01', publicComment: 'rent' }));
    expect(prepared.state).toBe('CREATED');
    expect(prepared.id).not.toBeNull();
    expect(prepared.actions).toEqual(['commit', 'rollback']);
    expect(prepared.preparedBy).toMatchObject({ profileName: 'Treasury desk', osUser: 'tester' });
    expect(Date.parse(prepared.deadline!) - Date.parse(prepared.createdAt!)).toBe(3_600_000);
    expect(await walletAvailable('BTC')).toEqual(before.minus('0.01').minus(prepared.fee!));

    const queue = unwrap(await h.core.handlers.listApprovals());
    const row = queue.find((w) => w.id === prepared.id);
    expect(row).toMatchObject({ state: 'CREATED', amount: '0.01', address: BTC_ADDRESS, network: 'BTC', fee: '0.0005' });

    const committed = unwrap(await h.core.handlers.commitWithdrawal({ id: prepared.id! }));
    expect(committed.state).toBe('PENDING');
    expect(committed.actions).toEqual([]);

    await h.advanceClock(60_000);
    const done = await waitForEvent(h, 'withdrawalUpdated', (e) => e.withdrawal.id === prepared.id && e.withdrawal.state === 'SUCCESS');
    expect(done.withdrawal.serviceStatus).toBe('SUCCESS');
    expect(unwrap(await h.core.handlers.listApprovals()).some((w) => w.id === prepared.id)).toBe(false);
  });

  it('rollback → ROLLED_BACK and the balance restored', async () => {
    const before = await walletAvailable('ETH');
    const prepared = unwrap(await h.core.handlers.prepareWithdrawal({ currency: 'ETH', address: '0x52908400098527886e0f7030069857d2e4169ee7', amount: '0.05' }));
    expect(await walletAvailable('ETH')).toEqual(before.minus('0.05').minus(prepared.fee!));
    const rolledBack = unwrap(await h.core.handlers.rollbackWithdrawal({ id: prepared.id! }));
    expect(rolledBack.state).toBe('ROLLED_BACK');
    expect(rolledBack.actions).toEqual(['prepareAgain']);
    expect(await walletAvailable('ETH')).toEqual(before);
    // Repeating is safe: the state table refuses it before any request.
    const again = await h.core.handlers.rollbackWithdrawal({ id: prepared.id! });
    expect(again.ok).toBe(false);
  });

  it('shows a withdrawal prepared directly through the API by another key', async () => {
    const key = (await h.control('POST', '/sandbox/keys', { rights: ['WDR', 'PAY', 'HIST'], label: 'other desk' })) as { api_key: string; secret_key: string };
    const other = createV3Api({
      baseUrl: h.sandbox.restUrl,
      credentials: { apiKey: key.api_key, scheme: 'HS256', readSecret: async () => key.secret_key },
      limiter: h.limiter,
    });
    try {
      const settled = await other.prepareWithdrawal({ currency: 'BTC', amount: new Decimal('0.002'), address: BTC_ADDRESS });
      expect(settled.status).toBe('done');
      const id = settled.status === 'done' ? settled.value.id : '';
      const pushed = await waitForEvent(h, 'withdrawalUpdated', (e) => e.withdrawal.id === id);
      expect(pushed.withdrawal).toMatchObject({ state: 'CREATED', preparedBy: null });
      const row = unwrap(await h.core.handlers.listApprovals()).find((w) => w.id === id);
      expect(row).toMatchObject({ state: 'CREATED', amount: '0.002', address: BTC_ADDRESS, preparedBy: null, actions: ['commit', 'rollback'] });
      expect(row?.deadline).not.toBeNull();
    } finally {
      other.close();
    }
  });

  it('warns ten minutes before the deadline, then shows an unapproved one as expired', async () => {
    const prepared = unwrap(await h.core.handlers.prepareWithdrawal({ currency: 'LTC', address: 'ltc1qg82tyqvmkh3vp7gfrvxllqeg0x5kfw0f4r8q4r', amount: '0.5' }));
    await h.advanceClock(51 * 60_000);
    const soon = await waitForEvent(h, 'withdrawalDeadlineSoon', (e) => e.withdrawal.id === prepared.id);
    expect(soon.minutesLeft).toBeLessThanOrEqual(10);
    expect(soon.minutesLeft).toBeGreaterThan(0);
    await h.advanceClock(10 * 60_000);
    const expired = await waitForEvent(h, 'withdrawalUpdated', (e) => e.withdrawal.id === prepared.id && e.withdrawal.state === 'EXPIRED');
    expect(expired.withdrawal.serviceStatus).toBe('ROLLED_BACK');
    const approve = await h.core.handlers.commitWithdrawal({ id: prepared.id! });
    expect(approve).toMatchObject({ ok: false, error: { code: 'NOT_ALLOWED' } });
  });

  it('says why the queue cannot be read when the service rests, in its words rather than as an internal error', async () => {
    await h.control('POST', '/sandbox/faults', { path: '/api/3/wallet/transactions*', method: 'GET', status: 503, count: 20 });
    try {
      const result = await h.core.handlers.listApprovals();
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).not.toBe('INTERNAL');
      expect(result.error.message).toContain('maintenance');
    } finally {
      await h.control('DELETE', '/sandbox/faults');
    }
    expect(unwrap(await h.core.handlers.listApprovals())).toBeInstanceOf(Array);
  });

  it('refuses insufficient funds and a malformed address before any request that moves money', async () => {
    const postsBefore = withdrawPosts();
    const available = await walletAvailable('BTC');
    const tooMuch = await h.core.handlers.prepareWithdrawal({ currency: 'BTC', address: BTC_ADDRESS, amount: available.toFixed() });
    expect(tooMuch).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'amount', message: expect.stringMatching(/Insufficient funds/) } });
    const badAddress = await h.core.handlers.prepareWithdrawal({ currency: 'BTC', address: 'not-an-address', amount: '0.01' });
    expect(badAddress).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'address' } });
    const belowMinimum = await h.core.handlers.prepareWithdrawal({ currency: 'BTC', address: BTC_ADDRESS, amount: '0.00001' });
    expect(belowMinimum).toMatchObject({ ok: false, error: { field: 'amount', message: expect.stringMatching(/minimum/) } });
    const longComment = await h.core.handlers.prepareWithdrawal({ currency: 'BTC', address: BTC_ADDRESS, amount: '0.01', publicComment: 'x'.repeat(256) });
    expect(longComment).toMatchObject({ ok: false, error: { field: 'publicComment' } });
    expect(withdrawPosts()).toBe(postsBefore);
  });

  it('moves funds wallet → spot, audited', async () => {
    const result = unwrap(await h.core.handlers.transferFunds({ currency: 'USDT', amount: '12.5', from: 'wallet', to: 'spot' }));
    expect(result.state).toBe('done');
    const entries = h.audit.all({ action: 'transfer' });
    expect(entries.map((e) => [e.phase, e.outcome, e.amount, e.detail])).toEqual([
      ['attempt', 'sent', '12.5', 'wallet → spot'],
      ['result', 'ok', '12.5', 'wallet → spot'],
    ]);
  });

  it('audited every money-moving step, and the chain verifies', async () => {
    const entries = h.audit.all();
    const actions = new Set(entries.map((e) => e.action));
    expect(actions).toEqual(new Set(['prepare', 'commit', 'rollback', 'transfer']));
    for (const attempt of entries.filter((e) => e.phase === 'attempt')) {
      expect(entries.some((e) => e.phase === 'result' && e.correlationId === attempt.correlationId && e.id > attempt.id)).toBe(true);
    }
    expect(unwrap(await h.core.handlers.verifyAudit())).toEqual({ ok: true, count: entries.length });
    const commits = entries.filter((e) => e.action === 'commit').length;
    const csv = unwrap(await h.core.handlers.exportAuditCsvChunk({ filter: { action: 'commit' } }));
    expect(csv).toMatchObject({ done: commits, total: commits, next: null });
    expect(csv.csv.split('\r\n').filter(Boolean)).toHaveLength(1 + commits);
  });
});
