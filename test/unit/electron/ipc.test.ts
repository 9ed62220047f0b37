// The IPC wrapper with Electron's ipcMain stood in (no Electron binary here): one handler per
// operation, foreign sender frames refused before dispatch, payloads validated by dispatch, and
// core events forwarded to the window.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../../../main/core/events';
import { OPERATION_NAMES } from '../../../preload/contract';
import { fakeElectron, FakeWebContents, ipcHandlers } from './fake-electron';

vi.mock('electron', () => fakeElectron);
const { forwardEvents, registerContractHandlers } = await import('../../../main/electron/ipc');

const renderer = {};
const fromFrame = (url: string | null) => ({ senderFrame: url === null ? null : { url }, sender: new FakeWebContents() });

describe('registerContractHandlers', () => {
  const dispatch = vi.fn(async (op: string, request: unknown) => ({ ok: true as const, value: { op, request } }));
  let unregister: () => void;

  beforeEach(() => {
    ipcHandlers.clear();
    dispatch.mockClear();
    unregister = registerContractHandlers(dispatch, renderer);
  });

  it('registers exactly one coffer:<op> channel per operation', () => {
    expect([...ipcHandlers.keys()].sort()).toEqual(OPERATION_NAMES.map((op) => `coffer:${op}`).sort());
    unregister();
    expect(ipcHandlers.size).toBe(0);
  });

  it('passes our own renderer\'s calls to dispatch', async () => {
    const handler = ipcHandlers.get('coffer:removeProfile');
    const result = await handler?.(fromFrame('app://coffer/index.html#/profiles'), { id: 'p1' });
    expect(result).toEqual({ ok: true, value: { op: 'removeProfile', request: { id: 'p1' } } });
  });

  it('refuses calls from any other frame without dispatching', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const handler = ipcHandlers.get('coffer:listProfiles');
    for (const url of ['https://attacker.example/', 'file:///tmp/evil.html', 'file:///app/out/renderer/index.html', 'app://coffer.evil/index.html', null]) {
      expect(await handler?.(fromFrame(url), undefined)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    }
    expect(dispatch).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('forwardEvents', () => {
  it('sends each event on the event channel until the contents are destroyed', () => {
    const events = createEventBus();
    const contents = new FakeWebContents();
    forwardEvents(events, contents as never);
    events.emit('profilesChanged', { activeProfileId: 'a' });
    expect(contents.sent).toEqual([['coffer:event', { event: 'profilesChanged', payload: { activeProfileId: 'a' } }]]);
    contents.fire('destroyed');
    events.emit('profilesChanged', { activeProfileId: 'b' });
    expect(contents.sent).toHaveLength(1);
  });
});
