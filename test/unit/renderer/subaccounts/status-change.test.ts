// useStatusChange: busy only while the freeze or activation is under way; the list read after it
// keeps nothing busy, so a dialog opened for the next change meanwhile acts on its own confirm.
import { describe, expect, it } from 'vitest';
import type { SubAccountList } from '../../../../preload/contract';
import { ok } from '../../../../preload/contract/result';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { useStatusChange } from '../../../../renderer/src/modules/subaccounts/use-status-change';
import { fakeBridge, settle, withSetup } from '../fake-bridge';
import { subAccount } from './fixtures';

describe('useStatusChange', () => {
  it('is no longer busy once the change is answered, while the list is still being read again', async () => {
    let listed: (value: ReturnType<typeof ok<SubAccountList>>) => void = () => undefined;
    const fake = fakeBridge({
      freezeSubAccounts: ({ ids }) => ok(ids.map((id) => ({ id, email: `${id}@sandbox.test`, outcome: 'done' as const, message: 'Frozen', statusAfter: 'frozen' as const }))),
      listSubAccounts: () => new Promise((resolve) => (listed = resolve)),
    });
    const { result: changer } = withSetup(fake.bridge, () => useStatusChange(), () => useProfilesStore().setActiveProfileId('p1'));
    const running = changer.run('freeze', ['a']);
    await settle();
    expect(fake.calls.map((call) => call.op)).toEqual(['freezeSubAccounts', 'listSubAccounts']);
    expect(changer.results.value?.map((r) => r.outcome)).toEqual(['done']);
    expect(changer.busy.value).toBe(false);
    listed(ok({ profileId: 'p1', subAccounts: [subAccount('a')], asOf: '2026-11-27T09:00:00.000Z' }));
    await running;
  });
});
