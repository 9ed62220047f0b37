// The badge's count against a real core and its built-in sandbox (light seed, real sockets, a
// private keyring): a withdrawal prepared is counted from the core's own update, approving it
// takes it off, and a core started again counts what already waits from its first read.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxLauncher } from '../../../main/core/builtin-sandbox';
import { followWaitingApprovals } from '../../../main/electron/waiting-approvals';
import { startSandbox } from '../../../main/sandbox/index';
import type { Result } from '../../../preload/contract';
import type { WithdrawalView } from '../../../preload/contract/withdrawals';
import { createCoreFixture, type CoreFixture } from '../core/core-fixture';
import { startPrivateBus, type PrivateBus } from '../keychain/private-keyring';

const launchLight: SandboxLauncher = (options) => startSandbox({ ...options, lightSeed: true });
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

let bus: PrivateBus;
let fixture: CoreFixture;
beforeAll(async () => {
  bus = await startPrivateBus();
  Object.assign(process.env, bus.env);
});
afterAll(() => bus?.stop());
beforeEach(async () => {
  fixture = await createCoreFixture({ launchSandbox: launchLight });
});
afterEach(() => fixture.dispose());

function valueOf<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value as T;
}

function follow() {
  const { core } = fixture;
  const shown: number[] = [];
  const follower = followWaitingApprovals({
    events: core.events,
    dispatch: core.dispatch,
    activeProfileId: () => core.profiles.activeProfileId(),
    show: (count) => shown.push(count),
  });
  return { shown, follower };
}

describe('the waiting-approvals badge on a real core', () => {
  it('counts a prepared withdrawal and drops it once approved, and a new start counts what waits', async () => {
    const { shown, follower } = follow();
    await follower.settled();
    const prepare = async () =>
      valueOf<WithdrawalView>(await fixture.core.dispatch('prepareWithdrawal', { currency: 'USDT', address: ETH_ADDRESS, amount: '15' }));
    const first = await prepare();
    expect(first.state).toBe('CREATED');
    expect(shown.at(-1)).toBe(1);
    await prepare();
    expect(shown.at(-1)).toBe(2);
    const approved = valueOf<WithdrawalView>(await fixture.core.dispatch('commitWithdrawal', { id: first.id }));
    expect(approved.state).toBe('PENDING');
    expect(shown.at(-1)).toBe(1);
    follower.stop();

    await fixture.reopen({ launchSandbox: launchLight });
    const again = follow();
    await again.follower.settled();
    expect(again.shown).toEqual([1]);
    again.follower.stop();
  });
});
