// The built-in "Sandbox" profile a new user lands on: the sandbox runs in-process on a free
// loopback port with its own SQLite file; its master key pair is stored like any profile's
// (secret in the keychain) and reused next launch; its URLs are refreshed every launch.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Profile } from '../../preload/contract';
import type { ProfilesRepo } from '../db/profiles-repo';
import { SETTING_KEYS, type SettingsRepo } from '../db/settings-repo';
import { KeychainError } from '../keychain/keychain-error';
import { profileAccount, type SecretStore } from '../keychain/secret-store';
import type { RunningSandbox, SandboxOptions } from '../sandbox/index';
import { SANDBOX_DB_FILE } from './sandbox-thread';

export { SANDBOX_DB_FILE };

export type SandboxLauncher = (options: SandboxOptions) => Promise<RunningSandbox>;

const PREFERRED_NAMES = ['Sandbox', 'Sandbox (built-in)'] as const;

export interface BuiltInSandboxDeps {
  profiles: ProfilesRepo;
  settings: SettingsRepo;
  secrets: SecretStore;
  dataDir: string;
  launch: SandboxLauncher;
}

export async function startBuiltInSandbox(deps: BuiltInSandboxDeps): Promise<RunningSandbox> {
  const { profiles, settings, secrets } = deps;
  const existing = profiles.findBuiltIn();
  const storedSecret = existing ? await readSecret(secrets, existing.id) : null;
  const keyPair = existing && storedSecret ? { apiKey: existing.publicKey, secretKey: storedSecret } : {};
  const sandbox = await deps.launch({ ...keyPair, port: 0, db: join(deps.dataDir, SANDBOX_DB_FILE) });

  const master = sandbox.master;
  const id = existing?.id ?? randomUUID();
  const hasSecret = storedSecret === master.secretKey || (await storeSecret(secrets, id, master.secretKey));
  const timestamp = new Date().toISOString();
  const profile: Profile = {
    id,
    name: existing?.name ?? freeName(profiles),
    apiVersion: '3',
    restUrl: sandbox.restUrl,
    streamUrl: sandbox.wsUrl,
    authMethod: 'HS256',
    publicKey: master.apiKey,
    hasSecret,
    builtIn: true,
    rights: [...master.rights],
    // Only this Coffer uses the local sandbox's master account.
    sharedAccount: false,
    createdAt: existing?.createdAt ?? timestamp,
    updatedAt: timestamp,
  };
  if (existing) profiles.update(profile);
  else profiles.insert(profile);
  if (existing) followToNewAddress(profiles, existing, profile);
  if (settings.get(SETTING_KEYS.activeProfileId) === null) settings.set(SETTING_KEYS.activeProfileId, id);
  return sandbox;
}

/**
 * The sandbox listens on a new port each launch. Profiles made from the built-in one (another API
 * version of the same account: its key, its URLs) move with it; a profile whose URLs or key the
 * user changed is theirs and stays as it is.
 */
function followToNewAddress(profiles: ProfilesRepo, before: Profile, now: Profile): void {
  if (before.publicKey !== now.publicKey) return;
  if (before.restUrl === now.restUrl && before.streamUrl === now.streamUrl) return;
  for (const copy of profiles.list()) {
    if (copy.builtIn || copy.publicKey !== before.publicKey) continue;
    if (copy.restUrl !== before.restUrl || copy.streamUrl !== before.streamUrl) continue;
    profiles.update({ ...copy, restUrl: now.restUrl, streamUrl: now.streamUrl, updatedAt: now.updatedAt });
  }
}

function freeName(profiles: ProfilesRepo): string {
  return PREFERRED_NAMES.find((name) => !profiles.findByName(name)) ?? `Sandbox ${randomUUID().slice(0, 8)}`;
}

// The sandbox still runs without a keychain; the profile then shows no stored secret.
async function readSecret(secrets: SecretStore, id: string): Promise<string | null> {
  try {
    return await secrets.get(profileAccount(id));
  } catch (error) {
    warnKeychain(error);
    return null;
  }
}

async function storeSecret(secrets: SecretStore, id: string, secret: string): Promise<boolean> {
  try {
    await secrets.set(profileAccount(id), secret);
    return true;
  } catch (error) {
    warnKeychain(error);
    return false;
  }
}

function warnKeychain(error: unknown): void {
  if (!(error instanceof KeychainError)) throw error;
  console.warn(`[sandbox] ${error.message}`);
}
