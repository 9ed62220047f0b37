// Connection profiles: list, create, edit, remove, activate. Non-secret fields go to SQLite; the
// secret key goes straight to the SecretStore and is never returned, logged or put in an error.
import { randomUUID } from 'node:crypto';
import type { ApiVersion, KeyRight, Profile, ProfileInput, ProfileUpdate, SavedProfile } from '../../preload/contract';
import type { ProfilesRepo } from '../db/profiles-repo';
import { SETTING_KEYS, type SettingsRepo } from '../db/settings-repo';
import { profileAccount, type SecretStore } from '../keychain/secret-store';
import { AppFailure } from './app-error';
import { assertEndpointsAllowed, assertSecretForNewHost } from './endpoint-policy';
import type { EventBus } from './events';
import { keyCheckOf, type KeyTrial, type KeyTrier } from './key-check';
import { withKeychain } from './keychain-failure';

export interface ProfilesDeps {
  profiles: ProfilesRepo;
  settings: SettingsRepo;
  secrets: SecretStore;
  events: EventBus;
  now?: () => Date;
  /** Tries a new or changed key against the service before it is saved (key-check.ts); without
   *  it (tests of storage alone) keys are saved untried and say so. */
  tryKey?: KeyTrier;
}

const UNTRIED: KeyTrial = { state: 'notChecked', reason: { code: 'NOT_CHECKED', message: 'The key was not tried against the service' } };

export interface ProfilesService {
  list(): Profile[];
  find(id: string): Profile | undefined;
  /** Tries the key first: a key the service refuses is not saved (refused on secretKey). */
  create(input: ProfileInput): Promise<SavedProfile>;
  /**
   * A profile of the built-in sandbox's account through `apiVersion`: a normal profile (editable,
   * removable) with the built-in's URLs and key, its secret copied keychain to keychain here, so
   * it never crosses the contract.
   */
  addBuiltInSandboxProfile(apiVersion: ApiVersion): Promise<Profile>;
  /** A new secret, public key, service or scheme is tried first, as on create. */
  update(update: ProfileUpdate): Promise<SavedProfile>;
  remove(id: string): Promise<void>;
  activate(id: string): Profile;
  /** Records the rights a probe found the key to hold (updatedAt is kept: no edit happened). */
  recordRights(id: string, rights: readonly KeyRight[]): Profile;
  /** The persisted active profile if it still exists, else the built-in one, else the first. */
  activeProfileId(): string | null;
}

export function createProfilesService(deps: ProfilesDeps): ProfilesService {
  const { profiles, settings, secrets, events } = deps;
  const now = () => (deps.now ?? (() => new Date()))().toISOString();

  function activeProfileId(): string | null {
    const stored = settings.get(SETTING_KEYS.activeProfileId);
    if (stored !== null && profiles.find(stored)) return stored;
    return profiles.findBuiltIn()?.id ?? profiles.list()[0]?.id ?? null;
  }

  const announce = () => events.emit('profilesChanged', { activeProfileId: activeProfileId() });

  function existing(id: string): Profile {
    const profile = profiles.find(id);
    if (!profile) throw new AppFailure('NOT_FOUND', 'No such profile', 'id');
    return profile;
  }

  function assertNameFree(name: string, exceptId?: string): void {
    const holder = profiles.findByName(name);
    if (holder && holder.id !== exceptId) {
      throw new AppFailure('VALIDATION', `A profile named “${holder.name}” already exists`, 'name');
    }
  }

  const tryKey = (profile: Profile, secret: string) => (deps.tryKey ?? (async () => UNTRIED))(profile, secret);
  const rightsFound = (trial: KeyTrial) => (trial.state === 'checked' ? [...new Set(trial.rights)] : null);

  function newProfile(input: ProfileInput): Profile {
    const timestamp = now();
    return {
      ...fieldsOf(input),
      id: randomUUID(),
      hasSecret: true,
      builtIn: false,
      rights: null,
      sharedAccount: input.sharedAccount ?? false,
      createdAt: timestamp,
      updatedAt: timestamp,
    };
  }

  async function insertWithSecret(profile: Profile, secret: string): Promise<Profile> {
    // Keychain first: if it is unreachable nothing is saved, and no secret is kept anywhere else.
    await withKeychain(() => secrets.set(profileAccount(profile.id), secret));
    try {
      profiles.insert(profile);
    } catch (error) {
      await secrets.delete(profileAccount(profile.id)).catch(() => false);
      // Another profile of this name saved while the secret was being stored: the name's error, not INTERNAL.
      assertNameFree(profile.name);
      throw error;
    }
    announce();
    return profile;
  }

  /** The new secret, or the stored one when only the public key, service or scheme changed. */
  async function tryChangedKey(changed: Profile, newSecret: string): Promise<KeyTrial> {
    const secret = newSecret !== '' ? newSecret : await withKeychain(() => secrets.get(profileAccount(changed.id)));
    if (secret === null) return { state: 'notChecked', reason: { code: 'NO_SECRET', message: 'No secret key is stored for this profile: enter it to check the key' } };
    return tryKey(changed, secret);
  }

  return {
    list: () => profiles.list(),
    find: (id) => profiles.find(id),
    activeProfileId,

    async create(input) {
      assertNameFree(input.name);
      assertEndpointsAllowed(input);
      const secret = input.secretKey ?? '';
      if (secret === '') throw new AppFailure('VALIDATION', 'Enter the secret key', 'secretKey');
      const candidate = newProfile(input);
      const trial = await tryKey(candidate, secret); // a refused key throws: nothing is saved
      const saved = await insertWithSecret({ ...candidate, rights: rightsFound(trial) }, secret);
      return { ...saved, keyCheck: keyCheckOf(trial) };
    },

    async addBuiltInSandboxProfile(apiVersion) {
      const builtIn = profiles.findBuiltIn();
      if (builtIn === undefined) throw new AppFailure('NOT_FOUND', 'The built-in sandbox is not running in this Coffer');
      const secret = await withKeychain(() => secrets.get(profileAccount(builtIn.id)));
      if (secret === null) {
        throw new AppFailure('NO_SECRET', 'The built-in sandbox\'s key is not in the OS keychain, so no other profile can use it');
      }
      const name = freeName(`${builtIn.name} (version ${apiVersion})`, (taken) => profiles.findByName(taken) !== undefined);
      return insertWithSecret(newProfile({ ...fieldsOf(builtIn), name, apiVersion }), secret);
    },

    async update(change) {
      const current = existing(change.id);
      if (current.builtIn) {
        throw new AppFailure('BUILT_IN', 'The built-in Sandbox profile is managed by Coffer and cannot be edited');
      }
      assertNameFree(change.name, current.id);
      assertEndpointsAllowed(change);
      assertSecretForNewHost(current, change);
      const newSecret = change.secretKey ?? '';
      const keyChanged = newSecret !== '' || KEY_FIELDS.some((field) => change[field] !== current[field]);
      const changed: Profile = {
        ...current,
        ...fieldsOf(change),
        hasSecret: current.hasSecret || newSecret !== '',
        sharedAccount: change.sharedAccount ?? current.sharedAccount,
        updatedAt: now(),
      };
      // The key, or where and how it signs, changed: tried before anything is stored.
      const trial = keyChanged ? await tryChangedKey(changed, newSecret) : null;
      if (newSecret !== '') await withKeychain(() => secrets.set(profileAccount(current.id), newSecret));
      const updated: Profile = { ...changed, rights: trial === null ? current.rights : rightsFound(trial) };
      profiles.update(updated);
      announce();
      return { ...updated, keyCheck: trial === null ? { state: 'unchanged' } : keyCheckOf(trial) };
    },

    async remove(id) {
      const profile = existing(id);
      if (profile.builtIn) {
        throw new AppFailure('BUILT_IN', 'The built-in Sandbox profile cannot be removed');
      }
      // Keychain first: a profile whose secret could not be deleted stays listed, never orphaned.
      await withKeychain(() => secrets.delete(profileAccount(id)));
      profiles.remove(id);
      if (settings.get(SETTING_KEYS.activeProfileId) === id) settings.clear(SETTING_KEYS.activeProfileId);
      announce();
    },

    recordRights(id, rights) {
      const updated: Profile = { ...existing(id), rights: [...new Set(rights)] };
      profiles.update(updated);
      announce();
      return updated;
    },

    activate(id) {
      const profile = existing(id);
      settings.set(SETTING_KEYS.activeProfileId, profile.id);
      announce();
      return profile;
    },
  };
}

/** The fields that decide whether the stored rights still describe the key. */
const KEY_FIELDS = ['publicKey', 'restUrl', 'apiVersion', 'authMethod'] as const;

/** The user-editable, non-secret fields of a form submission (sharedAccount aside: optional there). */
function fieldsOf(input: ProfileInput): Pick<Profile, 'name' | 'apiVersion' | 'restUrl' | 'streamUrl' | 'authMethod' | 'publicKey'> {
  return {
    name: input.name,
    apiVersion: input.apiVersion,
    restUrl: input.restUrl,
    streamUrl: input.streamUrl,
    authMethod: input.authMethod,
    publicKey: input.publicKey,
  };
}

/** `wanted`, or `wanted 2`, `wanted 3`… when that name is already taken. */
function freeName(wanted: string, taken: (name: string) => boolean): string {
  let name = wanted;
  for (let n = 2; taken(name); n += 1) name = `${wanted} ${n}`;
  return name;
}
