// One sandbox account through version 3 and version 2 in one session: the built-in (v3) and a v2
// profile made from it, switched v3 → v2 → v3 with everything above the client unchanged. Each
// switch builds the client of the profile's version, and both see the same balances; the rights
// probe runs through the v2 client as well.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxLauncher } from '../../../main/core/builtin-sandbox';
import { startSandbox } from '../../../main/sandbox/index';
import type { Profile, Result, RightsCheck, TransferResult, WalletOverview } from '../../../preload/contract';
import { memorySecrets } from '../support/memory-secrets';
import { startRecordingProxy, type RecordingProxy } from '../support/recording-proxy';
import { createCoreFixture, type CoreFixture } from './core-fixture';

let proxy: RecordingProxy | undefined;
// The built-in profile's URLs point at a recording pass-through, so the test sees which API each
// profile's client called.
const launchBehindProxy: SandboxLauncher = async (options) => {
  const sandbox = await startSandbox({ ...options, lightSeed: true });
  proxy = await startRecordingProxy(sandbox.restUrl);
  const { url } = proxy;
  return { ...sandbox, restUrl: url, wsUrl: url.replace(/^http/, 'ws'), close: async () => { await proxy?.close(); await sandbox.close(); } };
};

let fixture: CoreFixture;
let builtIn: Profile;
let version2: Profile;

beforeAll(async () => {
  fixture = await createCoreFixture({ launchSandbox: launchBehindProxy, secrets: memorySecrets() });
  [builtIn] = valueOf(await fixture.core.dispatch('listProfiles', undefined)) as [Profile];
  version2 = valueOf(await fixture.core.dispatch('addBuiltInSandboxProfile', { apiVersion: '2' })) as Profile;
});
afterAll(() => fixture?.dispose());

function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
}

async function activate(profile: Profile): Promise<void> {
  valueOf(await fixture.core.dispatch('activateProfile', { id: profile.id }));
}

/**
 * The API versions of the balance reads since `mark` (a count of recorded paths). Only balance
 * reads: the scope being left may still have its history's background read on the wire.
 */
function balanceReadVersionsSince(mark: number): string[] {
  const balanceReads = (proxy?.paths ?? []).slice(mark).filter((path) => /\/balance$/.test(path));
  const versions = balanceReads.map((path) => /^\/api\/(\d+)\//.exec(path)?.[1]).filter((v) => v !== undefined);
  return [...new Set(versions)].sort();
}

const mark = () => proxy?.paths.length ?? 0;

/** currency → its wallet and spot sides and total as the app shows them, from the active profile.
 *  (The valuation is left out: it follows the market, which moves between two reads.) */
async function balances(): Promise<{ profileId: string; byCurrency: Record<string, string> }> {
  const overview = valueOf(await fixture.core.dispatch('getWalletOverview', { valuationCurrency: 'USDT' })) as WalletOverview;
  const byCurrency = Object.fromEntries(overview.balances.map(({ currency, wallet, spot, total }) => [currency, JSON.stringify({ wallet, spot, total })]));
  return { profileId: overview.profileId, byCurrency };
}

describe('a version 2 and a version 3 profile of the same account', () => {
  it('show the same balances, switching v3 → v2 → v3 in one session', async () => {
    await activate(builtIn);
    const first = await balances();
    expect(first.profileId).toBe(builtIn.id);
    expect(Object.keys(first.byCurrency).length).toBeGreaterThan(1);
    await activate(version2);
    const beforeV2 = mark();
    const second = await balances();
    expect(balanceReadVersionsSince(beforeV2)).toEqual(['2']);
    expect(second.profileId).toBe(version2.id);
    expect(second.byCurrency).toEqual(first.byCurrency);
    await activate(builtIn);
    const beforeV3 = mark();
    expect((await balances()).byCurrency).toEqual(first.byCurrency);
    expect(balanceReadVersionsSince(beforeV3)).toEqual(['3']);
  });

  it('a transfer made through version 2 is seen through version 3', async () => {
    await activate(version2);
    const before = valueOf(await fixture.core.dispatch('getWalletOverview', { valuationCurrency: 'USDT' })) as WalletOverview;
    const usdt = before.balances.find((balance) => balance.currency === 'USDT');
    expect(usdt).toBeDefined();
    const moved = valueOf(await fixture.core.dispatch('transferFunds', { currency: 'USDT', amount: '1.25', from: 'wallet', to: 'spot' })) as TransferResult;
    expect(moved.state).toBe('done');
    const throughV2 = await balances();
    await activate(builtIn);
    const throughV3 = await balances();
    expect(throughV3.byCurrency.USDT).toBe(throughV2.byCurrency.USDT);
    const { wallet, spot, total } = usdt ?? {};
    expect(throughV3.byCurrency.USDT).not.toBe(JSON.stringify({ wallet, spot, total }));
    expect(JSON.parse(throughV3.byCurrency.USDT ?? '{}')).toMatchObject({ total: usdt?.total });
  });

  it('the rights of the key are found through the version 2 client', async () => {
    const check = valueOf(await fixture.core.dispatch('checkProfileRights', { id: version2.id })) as RightsCheck;
    // Every right is decided through version 2 (ORD by cancelling an order that cannot exist) and
    // matches the built-in's key.
    expect(check.undetermined).toEqual([]);
    expect(builtIn.rights).toEqual(expect.arrayContaining(['PAY', 'WDR', 'HIST', 'ORD']));
    expect([...(check.profile.rights ?? [])].sort()).toEqual([...(builtIn.rights ?? [])].sort());
  });
});
