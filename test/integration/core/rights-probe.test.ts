// Issue 4 §9 through the app core: saving a profile probes which rights its key holds (read-only
// calls against the sandbox over loopback) and records them on the profile for the Profiles page.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../main/sandbox/index';
import type { SecretStore } from '../../../main/keychain/secret-store';
import type { KeyRight, Profile, Result } from '../../../preload/contract';
import { createCoreFixture, validInput, type CoreFixture } from './core-fixture';

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

/** The keychain's role, in memory: these tests are about the probe, not keytar. */
function memorySecrets(): SecretStore {
  const map = new Map<string, string>();
  return {
    get: async (account) => map.get(account) ?? null,
    set: async (account, secret) => void map.set(account, secret),
    delete: async (account) => map.delete(account),
  };
}

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

describe('key rights on save', () => {
  it.each([
    [['PAY', 'HIST'] as KeyRight[]],
    [['PAY', 'WDR', 'HIST', 'ORD'] as KeyRight[]],
    [['HIST'] as KeyRight[]],
  ])('a key holding %j is shown with exactly those rights', async (rights) => {
    fixture = await createCoreFixture({ secrets: memorySecrets() });
    const core = fixture.core;
    const heard: string[] = [];
    core.events.subscribe((event) => heard.push(event));
    const key = await newKey(rights);
    const created = valueOf(await core.dispatch('createProfile', validInput({
      restUrl: sandbox.restUrl, streamUrl: sandbox.wsUrl, publicKey: key.api_key, secretKey: key.secret_key,
    }))) as Profile;
    expect(created.rights).toBeNull();
    await expect.poll(() => savedRights(core, created.id), { timeout: 10_000 }).not.toBeNull();
    expect([...((await savedRights(core, created.id)) ?? [])].sort()).toEqual([...rights].sort());
    expect(heard.filter((event) => event === 'profilesChanged').length).toBeGreaterThanOrEqual(2);
  });

  it('a wrong secret leaves the rights unknown and the profile saved', async () => {
    fixture = await createCoreFixture({ secrets: memorySecrets() });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const key = await newKey(['PAY']);
    const created = valueOf(await fixture.core.dispatch('createProfile', validInput({
      restUrl: sandbox.restUrl, streamUrl: sandbox.wsUrl, publicKey: key.api_key, secretKey: 'not-the-secret',
    }))) as Profile;
    // The probe ran to its end (the service refused the signature) and recorded nothing.
    await expect.poll(() => warn.mock.calls.flat().join(' '), { timeout: 10_000 }).toMatch(/could not probe “Treasury EU”/);
    warn.mockRestore();
    expect(await savedRights(fixture.core, created.id)).toBeNull();
  });
});
