// A never-checked key is checked once when its profile becomes active; a checked or built-in one is not.
import { nextTick } from 'vue';
import { describe, expect, it } from 'vitest';
import type { KeyRight, Profile } from '../../../../preload/contract';
import { ok } from '../../../../preload/contract/result';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { useProfiles } from '../../../../renderer/src/modules/profiles/use-profiles';
import { useRightsOnActivation } from '../../../../renderer/src/modules/profiles/use-rights-on-activation';
import { fakeBridge, withSetup } from '../fake-bridge';

const profile = (id: string, rights: KeyRight[] | null, builtIn = false): Profile => ({
  id, name: id, apiVersion: '3', restUrl: 'https://api.example.com', streamUrl: 'wss://api.example.com', authMethod: 'HS256',
  publicKey: 'pk', hasSecret: true, builtIn, rights, sharedAccount: false, createdAt: '2026-11-23T09:00:00.000Z', updatedAt: '2026-11-23T09:00:00.000Z',
});

describe('useRightsOnActivation', () => {
  it('checks a never-checked key once, when its profile becomes active', async () => {
    const fake = fakeBridge({ checkProfileRights: ({ id }) => ok({ profile: profile(id, ['PAY']), undetermined: [] }) });
    withSetup(fake.bridge, () => useRightsOnActivation(useProfiles()));
    const store = useProfilesStore();
    store.setProfiles([profile('sandbox', null, true), profile('checked', ['PAY', 'WDR']), profile('legacy', null)]);
    const checked = () => fake.calls.filter((call) => call.op === 'checkProfileRights').map((call) => call.request);
    for (const id of ['sandbox', 'checked']) {
      store.setActiveProfileId(id);
      await nextTick();
    }
    expect(checked()).toEqual([]);
    store.setActiveProfileId('legacy');
    await nextTick();
    expect(checked()).toEqual([{ id: 'legacy' }]);
    await nextTick();
    expect(store.profiles.find((p) => p.id === 'legacy')?.rights).toEqual(['PAY']);
    store.setActiveProfileId('checked');
    await nextTick();
    store.setActiveProfileId('legacy');
    await nextTick();
    expect(checked()).toHaveLength(1);
  });
});
