// The team store and its sync: the status read when the link is up and again on teamChanged, the
// actions putting main's answer in the store (or handing back the refusal), and the withdrawal
// form's team rules holding only while the governed profile is the active one.
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../../preload/contract/result';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { usableEntries, useTeamStore } from '../../../../renderer/src/modules/team/team-store';
import { useTeamActions, useTeamSync } from '../../../../renderer/src/modules/team/use-team';
import { fakeBridge, settle, withSetup } from '../fake-bridge';
import { entry, solo, status } from './fixtures';

describe('useTeamSync', () => {
  it('reads the status, and again whenever the team changes', async () => {
    let reads = 0;
    const fake = fakeBridge({ getTeamStatus: () => ok(++reads === 1 ? solo() : status()) });
    const { stop } = withSetup(fake.bridge, () => useTeamSync());
    await settle();
    expect(useTeamStore().state).toBe('solo');
    fake.emit('teamChanged', { state: 'member', unreachable: null });
    await settle();
    expect(reads).toBe(2);
    expect(useTeamStore().state).toBe('member');
    stop();
  });

  it('keeps the last status and holds the error when a read fails', async () => {
    const fake = fakeBridge({ getTeamStatus: () => ok(status()) });
    withSetup(fake.bridge, () => useTeamSync());
    await settle();
    fake.answer('getTeamStatus', () => fail('TEAM_UNREACHABLE', 'The team’s server did not answer.'));
    fake.emit('teamChanged', { state: 'member', unreachable: 'timeout' });
    await settle();
    expect(useTeamStore().state).toBe('member');
    expect(useTeamStore().loadError?.code).toBe('TEAM_UNREACHABLE');
  });

  it('subscribes once however many pages start it', async () => {
    const fake = fakeBridge({ getTeamStatus: () => ok(solo()) });
    withSetup(fake.bridge, () => {
      useTeamSync();
      useTeamSync();
    });
    await settle();
    expect(fake.listenerCount('teamChanged')).toBe(1);
  });
});

describe('useTeamActions', () => {
  it('sends trimmed requests and stores the status main answers', async () => {
    const fake = fakeBridge({
      admitDesk: () => ok(status({ joinRequests: [] })),
      voteRemoveMember: () => fail('TEAM_REFUSED', 'You cannot vote to remove yourself.', 'publicKey'),
    });
    const { result: actions } = withSetup(fake.bridge, () => useTeamActions(), () => useTeamStore().setStatus(solo()));
    expect(await actions.admit('pk-new', '  A1B2 C3D4 ')).toBeNull();
    expect(useTeamStore().state).toBe('member');
    const refusal = await actions.voteRemove('pk-self', ' gone rogue ');
    expect(refusal?.field).toBe('publicKey');
    expect(fake.calls.map((call) => [call.op, call.request])).toEqual([
      ['admitDesk', { publicKey: 'pk-new', fingerprint: 'A1B2 C3D4' }],
      ['voteRemoveMember', { publicKey: 'pk-self', reason: 'gone rogue' }],
    ]);
    expect(useTeamStore().state).toBe('member');
  });
});

describe('team rules for the active profile', () => {
  it('governs the withdrawal form only while the team’s profile is active and this desk a member', () => {
    const fake = fakeBridge();
    withSetup(fake.bridge, () => undefined);
    const store = useTeamStore();
    const profiles = useProfilesStore();
    profiles.setActiveProfileId('p1');
    store.setStatus(status({ addressBook: [entry()] }));
    expect(store.governsActiveProfile).toBe(true);
    expect(store.addressBook).toHaveLength(1);
    profiles.setActiveProfileId('p2');
    expect(store.governsActiveProfile).toBe(false);
    expect(store.addressBook).toEqual([]);
    profiles.setActiveProfileId('p1');
    store.setStatus(status({ state: 'requested' }));
    expect(store.governsActiveProfile).toBe(false);
  });

  it('offers only usable entries of the chosen currency', () => {
    const book = [
      entry({ id: 'a' }), entry({ id: 'b', state: 'coolingDown' }), entry({ id: 'c', currency: 'BTC' }),
      entry({ id: 'd', state: 'removed' }), entry({ id: 'e', state: 'awaitingApproval' }),
    ];
    expect(usableEntries(book, 'USDT').map((e) => e.id)).toEqual(['a']);
    expect(usableEntries(book, 'BTC').map((e) => e.id)).toEqual(['c']);
    expect(usableEntries(book, null)).toEqual([]);
  });
});
