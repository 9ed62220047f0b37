// The built-in sandbox's account through another API version: a normal profile made from the
// built-in one (same URLs, same key, the secret copied keychain to keychain in main), editable and
// removable, that follows the sandbox to its new port on the next launch.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxLauncher } from '../../../main/core/builtin-sandbox';
import { profileAccount } from '../../../main/keychain/secret-store';
import { startSandbox } from '../../../main/sandbox/index';
import type { Profile, Result } from '../../../preload/contract';
import { memorySecrets } from '../support/memory-secrets';
import { createCoreFixture, validInput, type CoreFixture } from './core-fixture';

const launchLight: SandboxLauncher = (options) => startSandbox({ ...options, lightSeed: true });

let secrets: ReturnType<typeof memorySecrets>;
let fixture: CoreFixture;

beforeEach(async () => {
  secrets = memorySecrets();
  fixture = await createCoreFixture({ launchSandbox: launchLight, secrets });
});
afterEach(() => fixture.dispose());

function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
}

const listProfiles = async () => valueOf(await fixture.core.dispatch('listProfiles', undefined)) as Profile[];
const addVersion2 = async () => valueOf(await fixture.core.dispatch('addBuiltInSandboxProfile', { apiVersion: '2' })) as Profile;

describe('a version 2 profile of the built-in sandbox', () => {
  it('is a normal profile with the built-in\'s URLs and key, its secret copied in main and never returned', async () => {
    const [builtIn] = await listProfiles();
    const heard: string[] = [];
    fixture.core.events.subscribe((event) => heard.push(event));
    const copy = await addVersion2();
    expect(copy).toMatchObject({
      name: 'Sandbox (version 2)', apiVersion: '2', builtIn: false, hasSecret: true, rights: null, sharedAccount: false,
      restUrl: builtIn?.restUrl, streamUrl: builtIn?.streamUrl, publicKey: builtIn?.publicKey, authMethod: builtIn?.authMethod,
    });
    expect(copy.id).not.toBe(builtIn?.id);
    const builtInSecret = await secrets.get(profileAccount(builtIn?.id ?? ''));
    expect(builtInSecret).toBeTruthy();
    expect(await secrets.get(profileAccount(copy.id))).toBe(builtInSecret);
    expect(JSON.stringify(await listProfiles())).not.toContain(String(builtInSecret));
    expect(heard).toContain('profilesChanged');
    // Still exactly one built-in profile, listed first; the version 3 one stays as it was.
    expect((await listProfiles()).map((profile) => [profile.builtIn, profile.apiVersion])).toEqual([[true, '3'], [false, '2']]);
  });

  it('takes a free name when asked again, and can be renamed and removed like any profile', async () => {
    const first = await addVersion2();
    const second = await addVersion2();
    expect(second.name).toBe('Sandbox (version 2) 2');
    const renamed = valueOf(await fixture.core.dispatch('updateProfile', {
      id: first.id, name: 'Old-style desk', apiVersion: first.apiVersion, restUrl: first.restUrl,
      streamUrl: first.streamUrl, authMethod: first.authMethod, publicKey: first.publicKey,
    })) as Profile;
    expect(renamed).toMatchObject({ name: 'Old-style desk', apiVersion: '2', hasSecret: true });
    valueOf(await fixture.core.dispatch('removeProfile', { id: second.id }));
    expect(await secrets.get(profileAccount(second.id))).toBeNull();
    expect((await listProfiles()).map((profile) => profile.name)).toEqual(['Sandbox', 'Old-style desk']);
  });

  it('follows the sandbox to its new port on the next launch; a profile the user pointed elsewhere stays', async () => {
    const copy = await addVersion2();
    const elsewhere = await addVersion2();
    const moved = { ...elsewhere, restUrl: 'https://api.example.com', streamUrl: 'wss://api.example.com', secretKey: 'typed-again' };
    const { hasSecret: _h, builtIn: _b, rights: _r, createdAt: _c, updatedAt: _u, ...update } = moved;
    valueOf(await fixture.core.dispatch('updateProfile', update));
    const oldUrl = copy.restUrl;
    await fixture.reopen();
    const after = await listProfiles();
    const builtIn = after.find((profile) => profile.builtIn);
    expect(builtIn?.restUrl).not.toBe(oldUrl);
    expect(after.find((profile) => profile.id === copy.id)).toMatchObject({ restUrl: builtIn?.restUrl, streamUrl: builtIn?.streamUrl, apiVersion: '2' });
    expect(after.find((profile) => profile.id === elsewhere.id)).toMatchObject({ restUrl: 'https://api.example.com' });
  });
});

describe('without a built-in sandbox', () => {
  it('there is nothing to copy, and the error says so', async () => {
    const bare = await createCoreFixture({ secrets: memorySecrets() });
    try {
      valueOf(await bare.core.dispatch('createProfile', validInput()));
      const result = await bare.core.dispatch('addBuiltInSandboxProfile', { apiVersion: '2' });
      expect(result).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: expect.stringMatching(/built-in sandbox/) } });
      expect(await bare.core.dispatch('addBuiltInSandboxProfile', { apiVersion: '5' })).toMatchObject({
        ok: false, error: { code: 'VALIDATION', field: 'apiVersion' },
      });
    } finally {
      await bare.dispose();
    }
  });
});
