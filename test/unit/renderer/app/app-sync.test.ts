// useAppSync keeps the stores in step with main: the link's state as the transport reports it,
// a full reload each time the link comes (back) up — including where the streams already stand —
// and the events main pushes (streams, a profile made active elsewhere).
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../../preload/contract';
import { ok } from '../../../../preload/contract/result';
import { useAppSync } from '../../../../renderer/src/modules/app/use-app-sync';
import { useConnectionStore } from '../../../../renderer/src/modules/connection/connection-store';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { fakeBridge, settle, withSetup } from '../fake-bridge';

const profile = (id: string): Profile => ({
  id, name: id, apiVersion: '3', restUrl: 'https://api.example.com', streamUrl: 'wss://api.example.com', authMethod: 'HS256',
  publicKey: 'pk', hasSecret: true, builtIn: false, rights: null, sharedAccount: false, createdAt: '2026-11-23T09:00:00.000Z', updatedAt: '2026-11-23T09:00:00.000Z',
});

function setup() {
  let active = 'p1';
  const fake = fakeBridge(
    {
      listProfiles: () => ok([profile('p1'), profile('p2')]),
      getAppInfo: () => ok({ version: '1.0.0', transport: 'web', activeProfileId: active, dataDir: '/tmp/coffer' }),
      listStreamStates: () => ok([{ profileId: active, stream: 'wallet', state: 'live' }]),
      checkProfileRights: ({ id }) => ok({ profile: { ...profile(id), rights: ['PAY'] }, undetermined: [] }),
    },
    { kind: 'connecting', attempt: 1 },
  );
  const mounted = withSetup(fake.bridge, () => useAppSync());
  return { fake, mounted, activate: (id: string) => (active = id) };
}

const loads = (fake: ReturnType<typeof setup>['fake']) => fake.calls.filter((call) => call.op === 'listProfiles').length;

describe('useAppSync', () => {
  it('loads nothing until the link is up, then the profiles, where the streams stand and a never-checked key\'s rights', async () => {
    const { fake } = setup();
    await settle();
    expect(fake.calls).toEqual([]);
    fake.setTransport({ kind: 'ready' });
    await settle();
    expect(fake.calls.map((call) => call.op).sort()).toEqual(['checkProfileRights', 'getAppInfo', 'listProfiles', 'listStreamStates']);
    expect(useProfilesStore().activeProfileId).toBe('p1');
    expect(useConnectionStore().streams.p1?.wallet?.state).toBe('live');
  });

  it('reloads when the link comes back, and follows the transport meanwhile', async () => {
    const { fake } = setup();
    fake.setTransport({ kind: 'ready' });
    await settle();
    fake.setTransport({ kind: 'reconnecting', attempt: 2 });
    await settle();
    expect(useConnectionStore().transport).toEqual({ kind: 'reconnecting', attempt: 2 });
    expect(loads(fake)).toBe(1);
    fake.setTransport({ kind: 'ready' });
    await settle();
    expect(loads(fake)).toBe(2);
  });

  it('applies stream reports and a profile made active elsewhere', async () => {
    const { fake, activate } = setup();
    fake.setTransport({ kind: 'ready' });
    await settle();
    fake.emit('connectionState', { profileId: 'p1', stream: 'wallet', state: 'down', detail: 'closed' });
    expect(useConnectionStore().streams.p1?.wallet).toMatchObject({ state: 'down', detail: 'closed' });
    activate('p2');
    fake.emit('profilesChanged', { activeProfileId: 'p2' });
    expect(useProfilesStore().activeProfileId).toBe('p2');
    await settle();
    expect(loads(fake)).toBe(2);
  });

  it('stops listening when its scope ends', async () => {
    const { fake, mounted } = setup();
    mounted.stop();
    fake.emit('connectionState', { profileId: 'p1', stream: 'wallet', state: 'down' });
    fake.setTransport({ kind: 'ready' });
    await settle();
    expect(useConnectionStore().streams).toEqual({});
    expect(useConnectionStore().transport).toEqual({ kind: 'connecting', attempt: 1 });
  });
});
