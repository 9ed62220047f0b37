// Assembles the application core once per process: database, keychain, services, handlers and
// the event bus. Both transports (Electron IPC, the web host) call the Dispatch it returns.
import type Database from 'better-sqlite3';
import type { AppInfo } from '../../preload/contract';
import { openDatabase } from '../db/database';
import { createProfilesRepo } from '../db/profiles-repo';
import { createSettingsRepo } from '../db/settings-repo';
import { createKeytarStore } from '../keychain/keytar-store';
import type { SecretStore } from '../keychain/secret-store';
import type { RunningSandbox } from '../sandbox/index';
import { startBuiltInSandbox, type BuiltInSandboxDeps, type SandboxLauncher } from './builtin-sandbox';
import { createDispatch, type Dispatch, type Handlers } from './dispatch';
import { createEventBus, type EventBus } from './events';
import { createProfileHandlers } from './profile-handlers';
import { createProfilesService, type ProfilesService } from './profiles';

export const APP_VERSION = '0.1.0';

export interface CoreOptions {
  dataDir: string;
  transport: AppInfo['transport'];
  /** Defaults to the OS keychain through keytar. */
  secrets?: SecretStore;
  /** Starts the built-in sandbox; omitted, no sandbox runs (and no built-in profile is refreshed). */
  launchSandbox?: SandboxLauncher;
  nativeBinding?: string;
  /** Shown in appInfo; Electron passes app.getVersion(). */
  version?: string;
}

export interface Core {
  dispatch: Dispatch;
  events: EventBus;
  profiles: ProfilesService;
  /** The keychain, for services that sign requests in main (the secret never leaves main). */
  secrets: SecretStore;
  dataDir: string;
  sandbox: RunningSandbox | null;
  close(): Promise<void>;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const db = openDatabase(options.dataDir, { nativeBinding: options.nativeBinding });
  const secrets = options.secrets ?? createKeytarStore();
  const events = createEventBus();
  const profilesRepo = createProfilesRepo(db);
  const settings = createSettingsRepo(db);
  const sandbox = options.launchSandbox
    ? await startSandboxSafely({ profiles: profilesRepo, settings, secrets, dataDir: options.dataDir, launch: options.launchSandbox })
    : null;
  const profiles = createProfilesService({ profiles: profilesRepo, settings, secrets, events });
  const app = { version: options.version ?? APP_VERSION, transport: options.transport, dataDir: options.dataDir };
  // Each feature contributes its handler set; the Handlers type proves every operation is covered.
  const handlers: Handlers = { ...createProfileHandlers(profiles, app) };
  return {
    dispatch: createDispatch(handlers),
    events,
    profiles,
    secrets,
    dataDir: options.dataDir,
    sandbox,
    close: () => closeAll(db, sandbox),
  };
}

// The app stays usable with the user's own profiles when the built-in sandbox cannot start.
async function startSandboxSafely(deps: BuiltInSandboxDeps): Promise<RunningSandbox | null> {
  try {
    return await startBuiltInSandbox(deps);
  } catch (error) {
    console.error(`[sandbox] the built-in sandbox could not start: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

async function closeAll(db: Database.Database, sandbox: RunningSandbox | null): Promise<void> {
  try {
    await sandbox?.close();
  } finally {
    db.close();
  }
}
