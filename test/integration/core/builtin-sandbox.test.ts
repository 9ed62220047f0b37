// The built-in Sandbox profile against the real sandbox (light seed) and a real keyring: created
// on first launch with its master key pair in the keychain, kept across launches with its URLs
// refreshed, and protected from edits and removal.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_DB_FILE, type SandboxLauncher } from '../../../main/core/builtin-sandbox';
import { startSandbox } from '../../../main/sandbox/index';
import type { Profile, Result } from '../../../preload/contract';
import { startPrivateBus, type PrivateBus } from '../keychain/private-keyring';
import { createCoreFixture, validInput, type CoreFixture } from './core-fixture';

const launchLight: SandboxLauncher = (options) => startSandbox({ ...options, lightSeed: true });

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

function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
}

const listProfiles = async () => valueOf(await fixture.core.dispatch('listProfiles', undefined)) as Profile[];

async function balanceStatus(profile: Profile, secret: string): Promise<number> {
  const basic = Buffer.from(`${profile.publicKey}:${secret}`).toString('base64');
  const response = await fetch(`${profile.restUrl}/api/3/wallet/balance`, { headers: { Authorization: `Basic ${basic}` } });
  await response.body?.cancel();
  return response.status;
}

describe('the built-in Sandbox profile', () => {
  it('is what a new user lands on: active, running, its secret in the keychain', async () => {
    const [sandbox, ...others] = await listProfiles();
    expect(others).toEqual([]);
    expect(sandbox).toMatchObject({ name: 'Sandbox', builtIn: true, hasSecret: true, apiVersion: '3', authMethod: 'HS256' });
    expect(sandbox?.restUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox?.streamUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox?.rights).toEqual(expect.arrayContaining(['PAY', 'WDR', 'HIST']));
    expect(valueOf(await fixture.core.dispatch('getAppInfo', undefined))).toMatchObject({ activeProfileId: sandbox?.id });
    const secret = await keytar.getPassword('coffer', `profile:${sandbox?.id}`);
    expect(secret).toBeTruthy();
    expect(JSON.stringify(await listProfiles())).not.toContain(String(secret));
    if (sandbox && secret) expect(await balanceStatus(sandbox, secret)).toBe(200);
  });

  it('keeps its id and key pair across launches, with fresh URLs', async () => {
    const [before] = await listProfiles();
    const secretBefore = await keytar.getPassword('coffer', `profile:${before?.id}`);
    await fixture.reopen({ launchSandbox: launchLight });
    const [after] = await listProfiles();
    expect(after).toMatchObject({ id: before?.id, publicKey: before?.publicKey, builtIn: true, hasSecret: true });
    expect(after?.restUrl).toBe(fixture.core.sandbox?.restUrl);
    expect(await keytar.getPassword('coffer', `profile:${after?.id}`)).toBe(secretBefore);
    if (after && secretBefore) expect(await balanceStatus(after, secretBefore)).toBe(200);
  });

  it('seeds a sandbox database that is gone with the key pair its profile keeps', async () => {
    const [before] = await listProfiles();
    const secretBefore = await keytar.getPassword('coffer', `profile:${before?.id}`);
    const removeSandboxDb = () => {
      for (const file of readdirSync(fixture.dataDir).filter((name) => name.startsWith(SANDBOX_DB_FILE))) rmSync(join(fixture.dataDir, file));
    };
    await fixture.reopen({ launchSandbox: launchLight }, removeSandboxDb);
    const [after] = await listProfiles();
    expect(after).toMatchObject({ id: before?.id, publicKey: before?.publicKey, hasSecret: true });
    expect(fixture.core.sandbox?.master.secretKey).toBe(secretBefore);
    if (after && secretBefore) expect(await balanceStatus(after, secretBefore)).toBe(200);
  });

  it('cannot be removed or edited, and sits first in the list', async () => {
    const [sandbox] = await listProfiles();
    const id = sandbox?.id ?? '';
    expect(await fixture.core.dispatch('removeProfile', { id })).toMatchObject({ ok: false, error: { code: 'BUILT_IN' } });
    expect(await fixture.core.dispatch('updateProfile', { ...validInput(), id })).toMatchObject({
      ok: false,
      error: { code: 'BUILT_IN' },
    });
    valueOf(await fixture.core.dispatch('createProfile', validInput({ name: 'A first by name' })));
    expect((await listProfiles()).map((p) => p.builtIn)).toEqual([true, false]);
    expect(await keytar.getPassword('coffer', `profile:${id}`)).toBeTruthy();
  });
});
