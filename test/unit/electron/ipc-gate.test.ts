// The IPC binding's call gate, with Electron's ipcMain and webContents stood in (no Electron binary
// here): each page a window shows has its own allowance of calls in flight, and a closed window or
// a reload drops that page's waiting reads while its state changes run on.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createCallGate } from '../../../main/core/call-gate';
import type { Dispatch } from '../../../main/core/dispatch';
import type { Result } from '../../../preload/contract';
import { fakeElectron, FakeWebContents, ipcHandlers } from './fake-electron';

vi.mock('electron', () => fakeElectron);
const { registerContractHandlers } = await import('../../../main/electron/ipc');

const renderer = {};
const OWN_PAGE = 'app://coffer/index.html';

const open: { op: string; finish: (result: Result<unknown>) => void }[] = [];
const dispatch = vi.fn<Dispatch>((op) => new Promise((finish) => open.push({ op, finish })));
const finishAll = () => open.splice(0).forEach((call) => call.finish({ ok: true, value: call.op }));

function call(contents: FakeWebContents, op: string, payload?: unknown): Promise<unknown> {
  const handler = ipcHandlers.get(`coffer:${op}`);
  if (handler === undefined) throw new Error(`no handler for ${op}`);
  return handler({ senderFrame: { url: OWN_PAGE }, sender: contents }, payload);
}

const navigation = (details: { isMainFrame: boolean; isSameDocument: boolean; url: string }) => details;

beforeEach(() => {
  ipcHandlers.clear();
  open.length = 0;
  dispatch.mockClear();
  registerContractHandlers(dispatch, renderer, createCallGate(dispatch, { maxReads: 2 }));
});

describe('the IPC binding and the call gate', () => {
  it('gives each window its own allowance and answers BUSY beyond it', async () => {
    const window = new FakeWebContents();
    void call(window, 'getWalletOverview', { valuationCurrency: 'USD' });
    void call(window, 'listWalletCurrencies');
    expect(await call(window, 'listApprovals')).toMatchObject({ ok: false, error: { code: 'BUSY' } });
    void call(new FakeWebContents(), 'listApprovals');
    expect(dispatch).toHaveBeenCalledTimes(3);
    finishAll();
  });

  it('drops the waiting reads of a destroyed window, but lets its state change finish', async () => {
    const window = new FakeWebContents();
    const read = call(window, 'getWalletOverview', { valuationCurrency: 'USD' });
    const move = call(window, 'transferFunds', { currency: 'USDT', amount: '1', from: 'wallet', to: 'spot' });
    window.destroyed = true;
    window.fire('destroyed');
    expect(await read).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
    finishAll();
    expect(await move).toEqual({ ok: true, value: 'transferFunds' });
  });

  it('starts a reloaded page afresh: the old page\'s reads are dropped and its allowance is not inherited', async () => {
    const window = new FakeWebContents();
    const reads = [call(window, 'getWalletOverview', { valuationCurrency: 'USD' }), call(window, 'listWalletCurrencies')];
    window.fire('did-start-navigation', navigation({ isMainFrame: true, isSameDocument: true, url: `${OWN_PAGE}#/wallet` }));
    window.fire('did-start-navigation', navigation({ isMainFrame: true, isSameDocument: false, url: 'https://attacker.example/' }));
    window.fire('did-start-navigation', navigation({ isMainFrame: false, isSameDocument: false, url: OWN_PAGE }));
    expect(await call(window, 'listApprovals')).toMatchObject({ error: { code: 'BUSY' } });
    window.fire('did-start-navigation', navigation({ isMainFrame: true, isSameDocument: false, url: OWN_PAGE }));
    for (const read of reads) expect(await read).toMatchObject({ error: { code: 'CANCELLED' } });
    const fresh = call(window, 'listApprovals');
    finishAll();
    expect(await fresh).toEqual({ ok: true, value: 'listApprovals' });
  });
});
