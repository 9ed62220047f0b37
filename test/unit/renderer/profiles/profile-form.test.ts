// The profile form: a draft with local errors is never sent; main's error lands on the field it
// names (else in the alert) and goes when that field is edited; saving closes the form and wipes
// the secret. useProfiles keeps the store in step with main's answers.
import { nextTick } from 'vue';
import { describe, expect, it } from 'vitest';
import type { KeyCheck, KeyRight, Profile, SavedProfile } from '../../../../preload/contract';
import { fail, ok, type Result } from '../../../../preload/contract/result';
import { useAppStore } from '../../../../renderer/src/modules/app/app-store';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import type { ProfileDraft } from '../../../../renderer/src/modules/profiles/profile-validation';
import { useProfileForm } from '../../../../renderer/src/modules/profiles/use-profile-form';
import { useProfiles } from '../../../../renderer/src/modules/profiles/use-profiles';
import { fakeBridge, withSetup } from '../fake-bridge';

const stored = (overrides: Partial<Profile> = {}): Profile => ({
  id: 'p1', name: 'Main', apiVersion: '3', restUrl: 'https://api.example.com', streamUrl: 'wss://api.example.com', authMethod: 'HS256',
  publicKey: 'pk', hasSecret: true, builtIn: false, rights: null, sharedAccount: false, createdAt: '2026-11-23T09:00:00.000Z', updatedAt: '2026-11-23T09:00:00.000Z',
  ...overrides,
});

const savedAs = (profile: Profile, keyCheck: KeyCheck = { state: 'unchanged' }): SavedProfile => ({ ...profile, keyCheck });

const fill = (draft: ProfileDraft) =>
  Object.assign(draft, { name: 'Main', restUrl: 'https://api.example.com', streamUrl: 'wss://api.example.com', publicKey: 'pk', secretKey: 's3cret' });

describe('useProfileForm', () => {
  it('sends nothing while the draft has errors', async () => {
    const fake = fakeBridge();
    const { result: form } = withSetup(fake.bridge, () => useProfileForm(() => undefined));
    form.open(null);
    await form.submit();
    expect(fake.calls).toEqual([]);
    expect(form.errors.value.name).toBe('Enter a name');
    expect(form.errors.value.secretKey).toBe('Enter the secret key');
    form.draft.name = 'Main';
    await nextTick();
    expect(form.errors.value.name).toBeUndefined(); // edited: the message was about the old value
    expect(form.errors.value.secretKey).toBe('Enter the secret key');
  });

  it('puts main\'s error on the field it names, or in the alert when it names none', async () => {
    const fake = fakeBridge({ createProfile: () => fail('VALIDATION', 'Name already used', 'name') });
    const { result: form } = withSetup(fake.bridge, () => useProfileForm(() => undefined));
    form.open(null);
    fill(form.draft);
    await form.submit();
    expect(form.errors.value).toEqual({ name: 'Name already used' });
    expect(form.alert.value).toBeNull();
    expect(form.visible.value).toBe(true);
    fake.answer('createProfile', () => fail('KEYCHAIN_LOCKED', 'The keychain is locked'));
    await form.submit();
    expect(form.errors.value).toEqual({});
    expect(form.alert.value?.code).toBe('KEYCHAIN_LOCKED');
    expect(form.draft.secretKey).toBe('s3cret'); // kept for another try
  });

  it('shows a key the service refused on the secret key\'s field, with its code once, and saves nothing', async () => {
    const fake = fakeBridge({ createProfile: () => fail('API_1002', 'The service refused this key, so it was not saved: Authorization failed', 'secretKey') });
    const saved: string[] = [];
    const { result: form } = withSetup(fake.bridge, () => useProfileForm((profile) => saved.push(profile.name)));
    form.open(null);
    fill(form.draft);
    await form.submit();
    expect(form.errors.value).toEqual({ secretKey: 'The service refused this key, so it was not saved: Authorization failed (API_1002)' });
    expect([form.alert.value, form.visible.value, saved, useProfilesStore().profiles]).toEqual([null, true, [], []]);
  });

  it('saves, closes, wipes the secret and says whether it was an edit', async () => {
    const saved: [string, string][] = [];
    const fake = fakeBridge({ updateProfile: (input) => ok(savedAs(stored({ name: input.name }))) });
    const { result: form } = withSetup(fake.bridge, () => useProfileForm((profile, mode) => saved.push([profile.name, mode])));
    form.open(stored());
    expect(form.secretRule.value).toBe('keep');
    form.draft.name = 'Main desk';
    form.draft.secretKey = 'new-secret';
    await form.submit();
    expect(fake.calls[0]?.request).toMatchObject({ id: 'p1', name: 'Main desk', secretKey: 'new-secret' });
    expect(saved).toEqual([['Main desk', 'edit']]);
    expect(form.visible.value).toBe(false);
    expect(form.draft.secretKey).toBe('');
    expect(useProfilesStore().profiles.map((p) => p.name)).toEqual(['Main desk']);
  });

  it('asks a new profile "not shared" by default, and edits a stored profile from its own answer', async () => {
    const fake = fakeBridge({ updateProfile: (input) => ok(savedAs(stored({ sharedAccount: input.sharedAccount ?? false }))) });
    const { result: form } = withSetup(fake.bridge, () => useProfileForm(() => undefined));
    form.open(null);
    expect(form.draft.sharedAccount).toBe(false);
    form.open(stored({ sharedAccount: true }));
    expect(form.draft.sharedAccount).toBe(true);
    await form.submit();
    expect(fake.calls[0]?.request).toMatchObject({ id: 'p1', sharedAccount: true });
    form.open(stored({ sharedAccount: true }));
    form.draft.sharedAccount = false;
    await form.submit();
    expect(fake.calls[1]?.request).toMatchObject({ id: 'p1', sharedAccount: false });
  });

  it('asks for the secret again when an edit moves the profile to another host', async () => {
    const fake = fakeBridge();
    const { result: form } = withSetup(fake.bridge, () => useProfileForm(() => undefined));
    form.open(stored());
    form.draft.restUrl = 'https://other.example.com';
    await nextTick();
    expect(form.secretRule.value).toBe('again');
    await form.submit();
    expect(fake.calls).toEqual([]);
    expect(form.errors.value.secretKey).toBeDefined();
    form.draft.restUrl = 'https://api.example.com'; // back to the stored host: the secret may stay
    await nextTick();
    expect(form.secretRule.value).toBe('keep');
    expect(form.errors.value.secretKey).toBeUndefined();
  });
});

describe('useProfiles', () => {
  it('loads the list and which profile is active, and keeps the list when it cannot be read', async () => {
    const fake = fakeBridge({
      listProfiles: () => ok([stored()]),
      getAppInfo: () => ok({ version: '1.0.0', transport: 'web', activeProfileId: 'p1', dataDir: '/tmp/coffer' }),
    });
    const { result: profiles } = withSetup(fake.bridge, () => useProfiles());
    await profiles.load();
    const store = useProfilesStore();
    expect([store.loaded, store.activeProfile?.name, useAppStore().info?.transport]).toEqual([true, 'Main', 'web']);
    fake.answer('listProfiles', () => fail('DB', 'The database is locked'));
    await profiles.load();
    expect(store.loadError?.code).toBe('DB');
    expect(store.profiles).toHaveLength(1);
  });

  it('shows a rights check as checking, then done with what stayed unknown, or failed in plain words', async () => {
    let answer: (value: Result<{ profile: Profile; undetermined: KeyRight[] }>) => void = () => undefined;
    const fake = fakeBridge({ checkProfileRights: () => new Promise((resolve) => (answer = resolve)) });
    const { result: profiles } = withSetup(fake.bridge, () => useProfiles());
    const store = useProfilesStore();
    const checking = profiles.checkRights('p1');
    expect(store.rightsChecks.p1).toEqual({ state: 'checking' });
    answer(ok({ profile: stored({ rights: ['HIST'] }), undetermined: ['WDR'] }));
    await checking;
    expect(store.rightsChecks.p1).toEqual({ state: 'done', undetermined: ['WDR'] });
    expect(store.profiles[0]?.rights).toEqual(['HIST']);
    const failing = profiles.checkRights('p1');
    answer(fail('NETWORK', 'The service cannot be reached'));
    await failing;
    expect(store.rightsChecks.p1).toEqual({ state: 'failed', message: 'The service cannot be reached (NETWORK)' });
  });

  it('keeps what the check before saving found on the card: the rights, or why the key is not checked', async () => {
    const fake = fakeBridge({
      createProfile: () => ok(savedAs(stored({ rights: ['PAY'] }), { state: 'checked', undetermined: ['ORD'] })),
      updateProfile: () => ok(savedAs(stored(), { state: 'notChecked', reason: { code: 'NETWORK', message: 'The service could not be reached' } })),
    });
    const { result: profiles } = withSetup(fake.bridge, () => useProfiles());
    const store = useProfilesStore();
    const { name, apiVersion, restUrl, streamUrl, authMethod, publicKey } = stored();
    const input = { name, apiVersion, restUrl, streamUrl, authMethod, publicKey };
    await profiles.create({ ...input, secretKey: 's' });
    expect(store.profiles).toEqual([stored({ rights: ['PAY'] })]); // the check is not stored with the profile
    expect(store.rightsChecks.p1).toEqual({ state: 'done', undetermined: ['ORD'] });
    await profiles.update({ ...input, id: 'p1' });
    expect(store.rightsChecks.p1).toEqual({ state: 'failed', message: 'The service could not be reached (NETWORK)' });
  });

  it('makes a profile active only when main says so', async () => {
    const fake = fakeBridge({ activateProfile: ({ id }) => (id === 'p2' ? ok(stored({ id: 'p2', name: 'B' })) : fail('NOT_FOUND', 'No such profile')) });
    const { result: profiles } = withSetup(fake.bridge, () => useProfiles());
    const store = useProfilesStore();
    await profiles.activate('gone');
    expect(store.activeProfileId).toBeNull();
    await profiles.activate('p2');
    expect(store.activeProfile?.name).toBe('B');
  });

  it('lists a version 2 profile of the built-in sandbox once main has made it, and nothing when main refuses', async () => {
    const fake = fakeBridge({
      addBuiltInSandboxProfile: ({ apiVersion }) => ok(stored({ id: 'v2', name: 'Sandbox (version 2)', apiVersion })),
    });
    const { result: profiles } = withSetup(fake.bridge, () => useProfiles());
    const store = useProfilesStore();
    const made = await profiles.addBuiltInSandboxProfile('2');
    expect(made.ok).toBe(true);
    expect(store.profiles.map((profile) => [profile.name, profile.apiVersion])).toEqual([['Sandbox (version 2)', '2']]);
    fake.answer('addBuiltInSandboxProfile', () => fail('NO_SECRET', 'The built-in sandbox\'s key is not in the OS keychain'));
    expect(await profiles.addBuiltInSandboxProfile('2')).toMatchObject({ ok: false, error: { code: 'NO_SECRET' } });
    expect(store.profiles).toHaveLength(1);
  });
});
