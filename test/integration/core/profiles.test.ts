// Connection profiles end to end through dispatch: real SQLite, the real keytar store on a private
// unlocked gnome-keyring. The secret goes to the keychain only and never comes back.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Events, Profile, Result } from '../../../preload/contract';
import { startPrivateBus, type PrivateBus } from '../keychain/private-keyring';
import { createCoreFixture, validInput, type CoreFixture } from './core-fixture';

let bus: PrivateBus;
let fixture: CoreFixture;
const logged: string[] = [];

beforeAll(async () => {
  bus = await startPrivateBus();
  Object.assign(process.env, bus.env);
  // Everything the core logs during this file, to prove no secret ever reaches a log.
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
      original(...args);
    });
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  expect(logged.filter((line) => /very-secret|replacement-secret|other-secret/.test(line))).toEqual([]);
  await bus?.stop();
});
beforeEach(async () => {
  fixture = await createCoreFixture();
});
afterEach(() => fixture.dispose());

const call = (op: string, request?: unknown) => fixture.core.dispatch(op, request);
const keychainSecret = (id: string) => keytar.getPassword('coffer', `profile:${id}`);

function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
}

async function create(overrides = {}): Promise<Profile> {
  const result = await call('createProfile', validInput(overrides));
  return valueOf(result) as Profile;
}

describe('creating a profile', () => {
  it('stores the secret in the keychain and returns everything else', async () => {
    const profile = await create();
    expect(profile).toMatchObject({
      name: 'Treasury EU', apiVersion: '3', restUrl: 'https://api.example.com', streamUrl: 'wss://stream.example.com',
      authMethod: 'HS256', publicKey: 'pub-key-123', hasSecret: true, builtIn: false, rights: null, sharedAccount: false,
    });
    expect(await keychainSecret(profile.id)).toBe('very-secret-key-value-9f8e7d');
    expect(JSON.stringify(profile)).not.toContain('very-secret');
    expect(JSON.stringify(await call('listProfiles'))).not.toContain('very-secret');
  });

  it('never writes the secret to the database files', async () => {
    await create();
    await fixture.reopen();
    // Every file, the profiles' history stores in their own folder included.
    for (const file of readdirSync(fixture.dataDir, { recursive: true, encoding: 'utf8' }).filter((name) => statSync(join(fixture.dataDir, name)).isFile())) {
      expect(readFileSync(join(fixture.dataDir, file)).includes('very-secret-key-value')).toBe(false);
    }
  });

  it('refuses bad input with a message on the field, before touching the keychain', async () => {
    const cases = [
      [{ name: '   ' }, 'name'],
      [{ restUrl: 'api.example.com' }, 'restUrl'],
      [{ restUrl: 'wss://api.example.com' }, 'restUrl'],
      [{ streamUrl: 'https://stream.example.com' }, 'streamUrl'],
      [{ publicKey: '' }, 'publicKey'],
      [{ secretKey: '' }, 'secretKey'],
      [{ secretKey: undefined }, 'secretKey'],
      [{ authMethod: 'RSA' }, 'authMethod'],
    ] as const;
    for (const [overrides, field] of cases) {
      const result = await call('createProfile', validInput(overrides as never));
      expect(result, field).toMatchObject({ ok: false, error: { code: 'VALIDATION', field } });
      if (!result.ok) expect(result.error.message.length).toBeGreaterThan(3);
    }
    expect(await call('listProfiles')).toEqual({ ok: true, value: [] });
  });

  it('refuses a second profile with the same name, whatever its case', async () => {
    await create();
    const again = await call('createProfile', validInput({ name: 'treasury eu', secretKey: 'other-secret' }));
    expect(again).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'name' } });
  });

  it('trims the name', async () => {
    expect((await create({ name: '  Ops  ' })).name).toBe('Ops');
  });
});

describe('editing a profile', () => {
  it('renames and edits fields, keeping the stored secret when none is given', async () => {
    const profile = await create();
    const { secretKey: _omit, ...withoutSecret } = validInput({ name: 'Treasury US', authMethod: 'BASIC' });
    const updated = valueOf(await call('updateProfile', { ...withoutSecret, id: profile.id })) as Profile;
    expect(updated).toMatchObject({ id: profile.id, name: 'Treasury US', authMethod: 'BASIC', hasSecret: true });
    expect(await keychainSecret(profile.id)).toBe('very-secret-key-value-9f8e7d');
    const blank = await call('updateProfile', { ...validInput({ secretKey: '' }), id: profile.id });
    expect(blank.ok).toBe(true);
    expect(await keychainSecret(profile.id)).toBe('very-secret-key-value-9f8e7d');
  });

  it('replaces the secret in the keychain when a new one is given', async () => {
    const profile = await create();
    const result = await call('updateProfile', { ...validInput({ secretKey: 'replacement-secret' }), id: profile.id });
    expect(JSON.stringify(result)).not.toContain('replacement-secret');
    expect(await keychainSecret(profile.id)).toBe('replacement-secret');
  });

  it('refuses an unknown id and a name taken by another profile', async () => {
    const first = await create();
    await create({ name: 'Second' });
    expect(await call('updateProfile', { ...validInput(), id: 'nope' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', field: 'id' } });
    expect(await call('updateProfile', { ...validInput({ name: 'second' }), id: first.id })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'name' },
    });
  });
});

describe('the shared-account setting', () => {
  it('is off unless asked for, is kept by an edit that leaves it out, and can be turned either way', async () => {
    const plain = await create();
    expect(plain.sharedAccount).toBe(false);
    const shared = await create({ name: 'Shared desk', sharedAccount: true });
    expect(shared.sharedAccount).toBe(true);
    const { sharedAccount: _omit, ...withoutFlag } = validInput({ name: 'Shared desk', secretKey: '' });
    expect(valueOf(await call('updateProfile', { ...withoutFlag, id: shared.id }))).toMatchObject({ sharedAccount: true });
    expect(valueOf(await call('updateProfile', { ...validInput({ secretKey: '', sharedAccount: true }), id: plain.id }))).toMatchObject({ sharedAccount: true });
    expect(valueOf(await call('updateProfile', { ...withoutFlag, sharedAccount: false, id: shared.id }))).toMatchObject({ sharedAccount: false });
    const listed = valueOf(await call('listProfiles')) as Profile[];
    expect(listed.map((p) => [p.name, p.sharedAccount])).toEqual([['Shared desk', false], ['Treasury EU', true]]);
  });

  it('refuses anything but true or false, naming the field, on create and on update', async () => {
    const plain = await create();
    for (const value of ['true', 1, 0, null, 'yes', {}]) {
      const created = await call('createProfile', validInput({ name: 'Other', sharedAccount: value } as never));
      expect(created, String(value)).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'sharedAccount', message: expect.stringMatching(/sharedAccount/) } });
      const updated = await call('updateProfile', { ...validInput({ sharedAccount: value } as never), id: plain.id });
      expect(updated, String(value)).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'sharedAccount' } });
    }
    expect((valueOf(await call('listProfiles')) as Profile[]).map((p) => p.sharedAccount)).toEqual([false]);
  });
});

describe('removing and activating', () => {
  it('removing a profile removes its keychain entry', async () => {
    const profile = await create();
    expect(await call('removeProfile', { id: profile.id })).toEqual({ ok: true, value: { removed: true } });
    expect(await keychainSecret(profile.id)).toBeNull();
    expect(await call('listProfiles')).toEqual({ ok: true, value: [] });
    expect(await call('removeProfile', { id: profile.id })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('records probed rights without counting it as an edit, and forgets them when the key changes', async () => {
    const profile = await create();
    const probed = fixture.core.profiles.recordRights(profile.id, ['PAY', 'HIST', 'PAY']);
    expect(probed).toMatchObject({ rights: ['PAY', 'HIST'], updatedAt: profile.updatedAt });
    await fixture.reopen();
    const [stored] = valueOf(await call('listProfiles')) as Profile[];
    expect(stored?.rights).toEqual(['PAY', 'HIST']);
    const rekeyed = valueOf(await call('updateProfile', { ...validInput({ publicKey: 'new-key', secretKey: '' }), id: profile.id }));
    expect(rekeyed).toMatchObject({ rights: null });
  });

  it('persists the active profile across a restart and announces changes', async () => {
    const first = await create();
    const second = await create({ name: 'Second' });
    const heard: Events['profilesChanged'][] = [];
    fixture.core.events.subscribe((event, payload) => {
      if (event === 'profilesChanged') heard.push(payload as Events['profilesChanged']);
    });
    expect(valueOf(await call('activateProfile', { id: second.id }))).toMatchObject({ id: second.id });
    expect(heard).toEqual([{ activeProfileId: second.id }]);
    await fixture.reopen();
    expect(valueOf(await call('getAppInfo'))).toMatchObject({ activeProfileId: second.id });
    await call('removeProfile', { id: second.id });
    expect(valueOf(await call('getAppInfo'))).toMatchObject({ activeProfileId: first.id });
  });
});
