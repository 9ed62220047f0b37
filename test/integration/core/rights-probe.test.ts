// The rights check through the app core: checkProfileRights probes which rights a profile's key holds
// (read-only calls against the sandbox over loopback) and records them for the Profiles page.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../main/sandbox/index';
import type { KeyRight, Profile, Result, RightsCheck } from '../../../preload/contract';
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
  ])('a key holding %j is recorded with exactly those rights', async (rights) => {
    fixture = await createCoreFixture({ secrets: memorySecrets() });
    const core = fixture.core;
    const heard: string[] = [];
    core.events.subscribe((event) => heard.push(event));
    const key = await newKey(rights);
    const created = valueOf(await core.dispatch('createProfile', validInput({
      restUrl: sandbox.restUrl, streamUrl: sandbox.wsUrl, publicKey: key.api_key, secretKey: key.secret_key,
    }))) as Profile;
    expect(created.rights).toBeNull();
    const check = valueOf(await core.dispatch('checkProfileRights', { id: created.id })) as RightsCheck;
    expect(check.undetermined).toEqual([]);
    expect([...(check.profile.rights ?? [])].sort()).toEqual([...rights].sort());
    expect([...((await savedRights(core, created.id)) ?? [])].sort()).toEqual([...rights].sort());
    expect(heard).toContain('profilesChanged');
  });

  it('a refused key is reported in plain words, and the rights stay unknown', async () => {
    fixture = await createCoreFixture({ secrets: memorySecrets() });
    const key = await newKey(['PAY']);
    const created = valueOf(await fixture.core.dispatch('createProfile', validInput({
      restUrl: sandbox.restUrl, streamUrl: sandbox.wsUrl, publicKey: key.api_key, secretKey: 'not-the-secret',
    }))) as Profile;
    const check = await fixture.core.dispatch('checkProfileRights', { id: created.id });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.error.message).toMatch(/auth|key|signature/i);
    expect(check.error.message).not.toContain('not-the-secret');
    expect(await savedRights(fixture.core, created.id)).toBeNull();
  });

  it('a service that answers no probe leaves the rights unknown (not "none") and says why', async () => {
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
