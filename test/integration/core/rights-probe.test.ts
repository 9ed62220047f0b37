// The rights check through the app core: checkProfileRights probes which rights a profile's key holds
// (read-only calls against the sandbox over loopback) and records them for the Profiles page.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../main/sandbox/index';
import type { KeyRight, Profile, Result, RightsCheck, SavedProfile } from '../../../preload/contract';
import { createCoreFixture, validInput, type CoreFixture } from './core-fixture';
import { memorySecrets } from '../support/memory-secrets';

const CONTROL_TOKEN = 'rights-probe-token';
let sandbox: RunningSandbox;
let fixture: CoreFixture | undefined;

beforeAll(async () => {
  sandbox = await startSandbox({ lightSeed: true, controlToken: CONTROL_TOKEN });
});
afterAll(() => sandbox?.close());
afterEach(async () => {
  await fixture?.dispose();
  fixture = undefined;
});

async function newKey(rights: KeyRight[]): Promise<{ api_key: string; secret_key: string }> {
  const response = await fetch(`${sandbox.restUrl}/sandbox/keys`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': CONTROL_TOKEN },
    body: JSON.stringify({ rights }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { api_key: string; secret_key: string };
}

function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
}

async function savedRights(core: CoreFixture['core'], id: string): Promise<KeyRight[] | null> {
  const profiles = valueOf(await core.dispatch('listProfiles', undefined)) as Profile[];
  return profiles.find((profile) => profile.id === id)?.rights ?? null;
}

describe('checking a key\'s rights', () => {
  it.each([
    [['PAY', 'HIST'] as KeyRight[]],
    [['PAY', 'WDR', 'HIST', 'ORD'] as KeyRight[]],
    [['HIST'] as KeyRight[]],
  ])('a key holding %j is tried before it is saved and recorded with exactly those rights', async (rights) => {
    fixture = await createCoreFixture({ secrets: memorySecrets() });
    const core = fixture.core;
    const heard: string[] = [];
    core.events.subscribe((event) => heard.push(event));
    const key = await newKey(rights);
    const created = valueOf(await core.dispatch('createProfile', validInput({
      restUrl: sandbox.restUrl, streamUrl: sandbox.wsUrl, publicKey: key.api_key, secretKey: key.secret_key,
    }))) as SavedProfile;
    expect(created.keyCheck).toEqual({ state: 'checked', undetermined: [] });
    expect([...(created.rights ?? [])].sort()).toEqual([...rights].sort());
    expect([...((await savedRights(core, created.id)) ?? [])].sort()).toEqual([...rights].sort());
    const check = valueOf(await core.dispatch('checkProfileRights', { id: created.id })) as RightsCheck;
    expect(check.undetermined).toEqual([]);
    expect([...(check.profile.rights ?? [])].sort()).toEqual([...rights].sort());
    expect(heard).toContain('profilesChanged');
  });

  it('a key the service refuses is not saved: the refusal names the secret key, in plain words', async () => {
    const secrets = memorySecrets();
    const stored = vi.spyOn(secrets, 'set');
    fixture = await createCoreFixture({ secrets });
    const key = await newKey(['PAY']);
    const refused = await fixture.core.dispatch('createProfile', validInput({
      restUrl: sandbox.restUrl, streamUrl: sandbox.wsUrl, publicKey: key.api_key, secretKey: 'not-the-secret',
    }));
    expect(refused).toMatchObject({ ok: false, error: { code: 'API_1002', field: 'secretKey', message: expect.stringMatching(/refused this key, so it was not saved: Authorization failed/) } });
    expect(JSON.stringify(refused)).not.toContain('not-the-secret');
    expect(valueOf(await fixture.core.dispatch('listProfiles', undefined))).toEqual([]);
    expect(stored).not.toHaveBeenCalled(); // the keychain was never written
  });

  it('a stored key the service later refuses is reported by "Check again", and the rights stay as they were', async () => {
    const secrets = memorySecrets();
    fixture = await createCoreFixture({ secrets });
    const key = await newKey(['PAY']);
    const created = valueOf(await fixture.core.dispatch('createProfile', validInput({
      restUrl: sandbox.restUrl, streamUrl: sandbox.wsUrl, publicKey: key.api_key, secretKey: key.secret_key,
    }))) as SavedProfile;
    await secrets.set(`profile:${created.id}`, 'not-the-secret'); // the keychain entry replaced behind Coffer's back
    const check = await fixture.core.dispatch('checkProfileRights', { id: created.id });
    expect(check).toMatchObject({ ok: false, error: { code: 'API_1002', message: expect.stringMatching(/Authorization failed/) } });
    expect(JSON.stringify(check)).not.toContain('not-the-secret');
    expect(await savedRights(fixture.core, created.id)).toEqual(['PAY']);
  });

  it('a service that cannot be reached leaves the key untried: saved, rights unknown, the reason said', async () => {
    fixture = await createCoreFixture({ secrets: memorySecrets() });
    const created = valueOf(await fixture.core.dispatch('createProfile', validInput({
      restUrl: 'http://127.0.0.1:9', streamUrl: 'ws://127.0.0.1:9', // the discard port: nothing listens
    }))) as SavedProfile;
    expect(created.rights).toBeNull();
    expect(created.keyCheck).toEqual({ state: 'notChecked', reason: { code: 'NETWORK', message: expect.stringMatching(/could not be reached/) } });
    expect(await savedRights(fixture.core, created.id)).toBeNull();
  }, 60_000);

  it('"Check again" at a service that answers no probe leaves the rights unknown (not "none") and says why', async () => {
    fixture = await createCoreFixture({ secrets: memorySecrets() });
    const created = valueOf(await fixture.core.dispatch('createProfile', validInput({
      restUrl: 'http://127.0.0.1:9', streamUrl: 'ws://127.0.0.1:9', // the discard port: nothing listens
    }))) as Profile;
    const check = await fixture.core.dispatch('checkProfileRights', { id: created.id });
    expect(check).toMatchObject({ ok: false, error: { message: expect.stringMatching(/could not be reached/) } });
    expect(await savedRights(fixture.core, created.id)).toBeNull();
  }, 60_000);

  it('an unknown profile is refused on its id', async () => {
    fixture = await createCoreFixture({ secrets: memorySecrets() });
    expect(await fixture.core.dispatch('checkProfileRights', { id: 'nope' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', field: 'id' } });
  });
});
