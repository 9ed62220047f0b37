// The active profile as a session: its client (built once per profile version, closed when
// the profile changes), with the secret read from the keychain only when a request is signed.
import type { ApiVersion, Profile } from '../../../preload/contract';
import type { TreasuryApi } from '../../exchange/treasury-api';
import { consoleLogger } from '../../exchange/log';
import { createV2Api, type V2ApiOptions } from '../../exchange/v2/api';
import { createV3Api, type V3ApiOptions } from '../../exchange/v3/api';
import { profileAccount, type SecretStore } from '../../keychain/secret-store';
import { AppFailure } from '../app-error';
import { assertEndpointsAllowed } from '../endpoint-policy';
import { withKeychain } from '../keychain-failure';
import type { ProfileSession } from './ports';

export interface ProfileSessionsDeps {
  profiles: { find(id: string): Profile | undefined; activeProfileId(): string | null };
  secrets: SecretStore;
  /** Builds the client of a profile; defaults to the client of the profile's API version. */
  createApi?: (profile: Profile, readSecret: () => Promise<string>, patience?: Patience) => TreasuryApi;
  /**
   * The built-in sandbox's master secret, held in memory by the sandbox running in this process.
   * The built-in profile signs with it directly, so a new user lands on a working account even
   * when no OS keychain is reachable (it is the local sandbox's own key, already in its database).
   */
  builtInSecret?: () => string | null;
}

export interface ProfileSessions {
  session(): Promise<ProfileSession>;
  /** A fresh client for any profile (e.g. to probe a key's rights); the caller closes it. */
  clientFor(profile: Profile): TreasuryApi;
  /** A fresh client signing with `secret`, held in memory only: a key tried before it is saved. */
  clientWithSecret(profile: Profile, secret: string): TreasuryApi;
  close(): void;
}

export function createProfileSessions(deps: ProfileSessionsDeps): ProfileSessions {
  const build = deps.createApi ?? defaultApi;
  let cached: { profileId: string; version: string; api: TreasuryApi } | null = null;

  function activeProfile(): Profile {
    const id = deps.profiles.activeProfileId();
    const profile = id === null ? undefined : deps.profiles.find(id);
    if (profile === undefined) throw new AppFailure('NO_PROFILE', 'Choose or create a connection profile first');
    // A profile stored before these rules existed may point its key at an unsafe endpoint.
    assertEndpointsAllowed(profile);
    if (!profile.hasSecret && builtInSecretOf(profile) === null) throw new AppFailure('NO_SECRET', `The profile “${profile.name}” has no secret key stored; edit it to add one`);
    return profile;
  }

  const builtInSecretOf = (profile: Profile) => (profile.builtIn ? (deps.builtInSecret?.() ?? null) : null);

  const readSecretOf = (profile: Profile) => () =>
    withKeychain(async () => {
      const inMemory = builtInSecretOf(profile);
      if (inMemory !== null) return inMemory;
      const secret = await deps.secrets.get(profileAccount(profile.id));
      if (secret === null) throw new AppFailure('NO_SECRET', `The keychain has no secret key for “${profile.name}”; edit the profile to add it`);
      return secret;
    });

  return {
    async session() {
      const profile = activeProfile();
      // Any edit (URL, key, method, shared account) gives a new client, and with it a new scope
      // (scopes.ts keys the open scope by client); the old one's sockets are closed.
      const version = `${profile.updatedAt}|${profile.apiVersion}|${profile.restUrl}|${profile.streamUrl}|${profile.publicKey}|${profile.authMethod}|${profile.sharedAccount}`;
      if (cached === null || cached.profileId !== profile.id || cached.version !== version) {
        cached?.api.close();
        cached = { profileId: profile.id, version, api: build(profile, readSecretOf(profile)) };
      }
      return { profile: { id: profile.id, name: profile.name, sharedAccount: profile.sharedAccount, authMethod: profile.authMethod }, api: cached.api };
    },
    clientFor: (profile) => {
      assertEndpointsAllowed(profile);
      return build(profile, readSecretOf(profile));
    },
    clientWithSecret: (profile, secret) => {
      assertEndpointsAllowed(profile);
      return build(profile, async () => secret, KEY_TRIAL_PATIENCE);
    },
    close() {
      cached?.api.close();
      cached = null;
    },
  };
}

/** One client per API version, each behind the same TreasuryApi: nothing above it knows which. */
const CLIENT_OF_VERSION = {
  '3': createV3Api,
  '2': createV2Api,
} as const satisfies Record<ApiVersion, (options: V2ApiOptions & V3ApiOptions) => TreasuryApi>;

/** How long a client waits and retries; a key tried while the user waits on Save gives up sooner. */
type Patience = Pick<V3ApiOptions, 'backoff' | 'timeoutMs'>;
const KEY_TRIAL_PATIENCE: Patience = { backoff: { baseMs: 250, capMs: 1_000, maxAttempts: 2 }, timeoutMs: 10_000 };

function defaultApi(profile: Profile, readSecret: () => Promise<string>, patience: Patience = {}): TreasuryApi {
  return CLIENT_OF_VERSION[profile.apiVersion]({
    ...patience,
    baseUrl: profile.restUrl,
    wsUrl: profile.streamUrl,
    credentials: { apiKey: profile.publicKey, scheme: profile.authMethod, readSecret },
    // After the signature window, time for the service's history to show what it accepted.
    settleGraceMs: 5_000,
    logger: consoleLogger,
  });
}
