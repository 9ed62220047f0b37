// Connection profiles: list, create, edit, remove, activate. Non-secret fields go to SQLite; the
// secret key goes straight to the SecretStore and is never returned, logged or put in an error.
import { randomUUID } from 'node:crypto';
import type { ApiVersion, KeyRight, Profile, ProfileInput, ProfileUpdate } from '../../preload/contract';
import type { ProfilesRepo } from '../db/profiles-repo';
import { SETTING_KEYS, type SettingsRepo } from '../db/settings-repo';
import { profileAccount, type SecretStore } from '../keychain/secret-store';
import { AppFailure } from './app-error';
import { assertEndpointsAllowed, assertSecretForNewHost } from './endpoint-policy';
import type { EventBus } from './events';
import { withKeychain } from './keychain-failure';

export interface ProfilesDeps {
  profiles: ProfilesRepo;
  settings: SettingsRepo;
  secrets: SecretStore;
  events: EventBus;
  now?: () => Date;
}

export interface ProfilesService {
  list(): Profile[];
  find(id: string): Profile | undefined;
  create(input: ProfileInput): Promise<Profile>;
  /**
   * A profile of the built-in sandbox's account through `apiVersion`: a normal profile (editable,
   * removable) with the built-in's URLs and key, its secret copied keychain to keychain here, so
   * it never crosses the contract.
   */
  addBuiltInSandboxProfile(apiVersion: ApiVersion): Promise<Profile>;
  update(update: ProfileUpdate): Promise<Profile>;
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

  async function insertWithSecret(input: ProfileInput, secret: string): Promise<Profile> {
    const timestamp = now();
    const profile: Profile = {
      ...fieldsOf(input),
      id: randomUUID(),
      hasSecret: true,
      builtIn: false,
      rights: null,
      sharedAccount: input.sharedAccount ?? false,
      createdAt: timestamp,
      updatedAt: timestamp,
    };
    // Keychain first: if it is unreachable nothing is saved, and no secret is kept anywhere else.
    await withKeychain(() => secrets.set(profileAccount(profile.id), secret));
    try {
      profiles.insert(profile);
    } catch (error) {
      await secrets.delete(profileAccount(profile.id)).catch(() => false);
      // Another profile of this name saved while the secret was being stored: the name's error, not INTERNAL.
      assertNameFree(input.name);
      throw error;
    }
    announce();
    return profile;
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
      return insertWithSecret(input, secret);
    },

    async addBuiltInSandboxProfile(apiVersion) {
      const builtIn = profiles.findBuiltIn();
      if (builtIn === undefined) throw new AppFailure('NOT_FOUND', 'The built-in sandbox is not running in this Coffer');
      const secret = await withKeychain(() => secrets.get(profileAccount(builtIn.id)));
      if (secret === null) {
        throw new AppFailure('NO_SECRET', 'The built-in sandbox\'s key is not in the OS keychain, so no other profile can use it');
      }
      const name = freeName(`${builtIn.name} (version ${apiVersion})`, (taken) => profiles.findByName(taken) !== undefined);
      return insertWithSecret({ ...fieldsOf(builtIn), name, apiVersion }, secret);
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
      if (newSecret !== '') await withKeychain(() => secrets.set(profileAccount(current.id), newSecret));
      const keyChanged = newSecret !== '' || change.publicKey !== current.publicKey;
      const updated: Profile = {
        ...current,
        ...fieldsOf(change),
        hasSecret: current.hasSecret || newSecret !== '',
        rights: keyChanged ? null : current.rights,
        sharedAccount: change.sharedAccount ?? current.sharedAccount,
        updatedAt: now(),
      };
      profiles.update(updated);
      announce();
      return updated;
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
