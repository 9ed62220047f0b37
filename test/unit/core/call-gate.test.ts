// The call gate in front of dispatch: a cap per window answered BUSY at once, identical reads in
// flight sharing one run, and a window's waiting reads dropped when it goes, before they leave the
// exchange client's limiter (a real RateLimiter here); state changes are never shared or dropped.
import { describe, expect, it, vi } from 'vitest';
import { CANCELLED } from '../../../main/core/app-error';
import { coalescingKey, createCallGate } from '../../../main/core/call-gate';
import type { Dispatch } from '../../../main/core/dispatch';
import { failureFrom } from '../../../main/core/app-error';
import { CancelledError } from '../../../main/exchange/cancellation';
import { RateLimiter } from '../../../main/exchange/limiter';
import type { LimitRule } from '../../../main/exchange/rate-limits';
import type { Result } from '../../../preload/contract';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A dispatch whose calls stay open until the test finishes them. */
function heldDispatch() {
  const open: { op: string; request: unknown; finish: (result: Result<unknown>) => void }[] = [];
  const dispatch = vi.fn<Dispatch>((op, request) => new Promise((finish) => open.push({ op, request, finish })));
  const finishAll = (value: unknown = 'done') => open.splice(0).forEach((call) => call.finish({ ok: true, value }));
  return { dispatch, open, finishAll };
}

/** A dispatch that sends every call through a limiter one request at a time, like the exchange client. */
function limitedDispatch() {
  const rules: LimitRule[] = [{ name: 'ip:wallet', scope: 'ip', prefixes: ['/wallet/'], rate: 1, burst: 0 }];
  const limiter = new RateLimiter({ windowMs: 100, marginMs: 0, rules });
  const sent: string[] = [];
  const dispatch: Dispatch = async (op, request) => {
    const release = await limiter.acquire('/api/3/wallet/x', { host: 'h' });
    sent.push(`${op} ${JSON.stringify(request)}`);
    release();
    return { ok: true, value: op };
  };
  /** Holds the window for `ms` so what comes next has to wait in the limiter. */
  const occupy = async (ms: number) => {
    const release = await limiter.acquire('/api/3/wallet/x', { host: 'h' });
    setTimeout(release, ms);
  };
  return { dispatch, sent, occupy };
}

describe('the cap per window', () => {
  it('answers BUSY at once beyond the cap, runs nothing for it, and takes calls again as answers go out', async () => {
    const { dispatch, open, finishAll } = heldDispatch();
    const gate = createCallGate(dispatch, { maxReads: 2 });
    const window = gate.connect();
    const first = window.dispatch('getWalletOverview', { valuationCurrency: 'USD' });
    const second = window.dispatch('getWalletOverview', { valuationCurrency: 'EUR' });
    const third = await window.dispatch('getWalletOverview', { valuationCurrency: 'BTC' });
    expect(third).toEqual({ ok: false, error: { code: 'BUSY', message: 'Too many requests in flight from this window; try again in a moment' } });
    expect(dispatch).toHaveBeenCalledTimes(2);
    // Another window has its own allowance.
    void gate.connect().dispatch('getWalletOverview', { valuationCurrency: 'BTC' });
    expect(dispatch).toHaveBeenCalledTimes(3);
    finishAll();
    await Promise.all([first, second]);
    const fourth = window.dispatch('getWalletOverview', { valuationCurrency: 'BTC' });
    finishAll();
    expect(await fourth).toMatchObject({ ok: true });
    expect(gate.stats().busy).toBe(1);
    expect(open).toHaveLength(0);
  });

  it('keeps a separate allowance for state changes, so a backlog of reads never refuses a money move', async () => {
    const { dispatch, finishAll } = heldDispatch();
    const window = createCallGate(dispatch, { maxReads: 2, maxChanges: 1 }).connect();
    void window.dispatch('getWalletOverview', { valuationCurrency: 'USD' });
    void window.dispatch('listApprovals', undefined);
    expect(await window.dispatch('listWalletCurrencies', undefined)).toMatchObject({ error: { code: 'BUSY' } });
    const move = window.dispatch('transferFunds', { currency: 'USDT', amount: '1', from: 'wallet', to: 'spot' });
    expect(dispatch).toHaveBeenLastCalledWith('transferFunds', expect.anything());
    expect(await window.dispatch('commitWithdrawal', { id: 'tx' })).toMatchObject({ error: { code: 'BUSY' } });
    finishAll();
    expect(await move).toEqual({ ok: true, value: 'done' });
  });
});

describe('identical reads in flight', () => {
  it('share one run, across windows, whatever the key order of the request', async () => {
    const { dispatch, finishAll } = heldDispatch();
    const gate = createCallGate(dispatch);
    const a = gate.connect().dispatch('estimateWithdrawalFee', { currency: 'BTC', amount: '1', network: 'BTC' });
    const b = gate.connect().dispatch('estimateWithdrawalFee', { network: 'BTC', amount: '1', currency: 'BTC' });
    const other = gate.connect().dispatch('estimateWithdrawalFee', { currency: 'BTC', amount: '2', network: 'BTC' });
    expect(dispatch).toHaveBeenCalledTimes(2);
    finishAll({ fee: '0.0001' });
    expect(await a).toEqual({ ok: true, value: { fee: '0.0001' } });
    expect(await b).toBe(await a);
    expect(await other).toMatchObject({ ok: true });
    expect(gate.stats()).toMatchObject({ coalesced: 1, runs: 2 });
    // Once answered, the same read runs again: sharing is only for calls in flight together.
    const again = gate.connect().dispatch('estimateWithdrawalFee', { currency: 'BTC', amount: '1', network: 'BTC' });
    expect(dispatch).toHaveBeenCalledTimes(3);
    finishAll();
    await again;
  });

  it('never shares a state change: two identical transfers are two transfers', async () => {
    const { dispatch, finishAll } = heldDispatch();
    const window = createCallGate(dispatch).connect();
    const transfer = { currency: 'USDT', amount: '5', from: 'wallet', to: 'spot' };
    const both = Promise.all([window.dispatch('transferFunds', transfer), window.dispatch('transferFunds', transfer)]);
    expect(dispatch).toHaveBeenCalledTimes(2);
    finishAll();
    await both;
  });

  it('does not let a call made after a state change began join a read that began before it', async () => {
    const { dispatch, open, finishAll } = heldDispatch();
    const gate = createCallGate(dispatch);
    const window = gate.connect();
    const before = window.dispatch('getWalletOverview', { valuationCurrency: 'USD' });
    const transfer = window.dispatch('transferFunds', { currency: 'USDT', amount: '5', from: 'wallet', to: 'spot' });
    const during = window.dispatch('getWalletOverview', { valuationCurrency: 'USD' });
    expect(dispatch).toHaveBeenCalledTimes(3);
    open.find((call) => call.op === 'transferFunds')?.finish({ ok: true, value: 'moved' });
    await transfer;
    const after = window.dispatch('getWalletOverview', { valuationCurrency: 'USD' });
    expect(dispatch).toHaveBeenCalledTimes(4);
    expect(gate.stats().coalesced).toBe(0);
    finishAll();
    await Promise.all([before, during, after]);
  });

  it('treats an operation nobody classified as a state change', async () => {
    const { dispatch, finishAll } = heldDispatch();
    const window = createCallGate(dispatch).connect();
    const both = Promise.all([window.dispatch('someNewOperation', { x: 1 }), window.dispatch('someNewOperation', { x: 1 })]);
    expect(dispatch).toHaveBeenCalledTimes(2);
    finishAll();
    await both;
  });

  it('keys requests by canonical JSON and declines what has none', () => {
    expect(coalescingKey('op', { b: [{ d: 1, c: 2 }], a: null })).toBe(coalescingKey('op', { a: null, b: [{ c: 2, d: 1 }] }));
    expect(coalescingKey('op', [1, 2])).not.toBe(coalescingKey('op', [2, 1]));
    expect(coalescingKey('op', undefined)).not.toBe(coalescingKey('other', undefined));
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(coalescingKey('op', cyclic)).toBeNull();
    expect(coalescingKey('op', 10n)).toBeNull();
  });
});

describe('a window that goes', () => {
  it('has its reads still waiting in the limiter dropped: they are never sent', async () => {
    const { dispatch, sent, occupy } = limitedDispatch();
    const gate = createCallGate(dispatch);
    const window = gate.connect();
    await occupy(80);
    const reads = ['USD', 'EUR', 'BTC'].map((valuationCurrency) => window.dispatch('getWalletOverview', { valuationCurrency }));
    await sleep(10);
    window.close();
    for (const read of reads) expect(await read).toMatchObject({ ok: false, error: { code: CANCELLED } });
    await sleep(400);
    expect(sent).toEqual([]);
    expect(gate.stats().cancelled).toBe(3);
    expect(await window.dispatch('getWalletOverview', { valuationCurrency: 'USD' })).toMatchObject({ error: { code: CANCELLED } });
  });

  it('cancels a shared read only when every window waiting for it has gone', async () => {
    const { dispatch, sent, occupy } = limitedDispatch();
    const gate = createCallGate(dispatch);
    const [first, second, third] = [gate.connect(), gate.connect(), gate.connect()];
    await occupy(60);
    const kept = [first.dispatch('listApprovals', undefined), second.dispatch('listApprovals', undefined)];
    const dropped = [first.dispatch('listWalletCurrencies', undefined), third.dispatch('listWalletCurrencies', undefined)];
    await sleep(10);
    first.close();
    third.close();
    expect(await kept[1]).toEqual({ ok: true, value: 'listApprovals' });
    expect(await kept[0]).toMatchObject({ error: { code: CANCELLED } });
    for (const call of dropped) expect(await call).toMatchObject({ error: { code: CANCELLED } });
    await sleep(300);
    expect(sent).toEqual(['listApprovals undefined']);
    expect(gate.stats()).toMatchObject({ runs: 2, coalesced: 2, cancelled: 1 });
  });

  it('never drops a state change: a money move still waiting is sent and answered', async () => {
    const { dispatch, sent, occupy } = limitedDispatch();
    const window = createCallGate(dispatch).connect();
    await occupy(50);
    const move = window.dispatch('commitWithdrawal', { id: 'tx-1' });
    await sleep(10);
    window.close();
    expect(await move).toEqual({ ok: true, value: 'commitWithdrawal' });
    expect(sent).toEqual(['commitWithdrawal {"id":"tx-1"}']);
  });
});

describe('a cancelled run as dispatch reports it', () => {
  it('is CANCELLED, not an unexpected failure worth a log line', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(failureFrom('getWalletOverview', new CancelledError())).toMatchObject({ ok: false, error: { code: CANCELLED } });
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });
});
