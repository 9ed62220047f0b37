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
import { createRightsHandlers } from './rights-probe';
import { followStreamStates } from './stream-states';
import { createProfileSessions, type ProfileSessions } from './wallet/sessions';
import { openWalletCore } from './wallet/wallet-core';
import type { WalletCore } from './wallet/handlers';

export const APP_VERSION = '0.1.0';

export interface CoreOptions {
  dataDir: string;
  transport: AppInfo['transport'];
  /** Defaults to the OS keychain through keytar. */
  secrets?: SecretStore;
  /** Starts the built-in sandbox; omitted, no sandbox runs (and no built-in profile is refreshed). */
  launchSandbox?: SandboxLauncher;
  nativeBinding?: string;
  /** Shown in getAppInfo; Electron passes app.getVersion(). */
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
  // Read once, like the built-in profile's public key: both describe the sandbox as launched.
  const builtInSecret = sandbox?.master.secretKey ?? null;
  const streamStates = followStreamStates(events);
  const sessions = createProfileSessions({ profiles, secrets, builtInSecret: () => builtInSecret });
  const wallet = openWalletCore({
    dataDir: options.dataDir,
    db,
    events,
    session: sessions.session,
    connectionState: (state) => events.emit('connectionState', state),
    nativeBinding: options.nativeBinding,
  });
  // Streams, the reconciler and the deadline watch follow the active profile.
  const activateWallet = () => void wallet.activate().catch((error: unknown) => logActivation(error));
  const stopActivating = events.subscribe((event) => {
    if (event === 'profilesChanged') activateWallet();
  });
  const stopFollowing = () => {
    stopActivating();
    streamStates.stop();
  };
  activateWallet();
  // Each feature contributes its handler set; the Handlers type proves every operation is covered.
  const handlers: Handlers = {
    ...createProfileHandlers(profiles, app),
    ...createRightsHandlers({ profiles, sessions }),
    ...wallet.handlers,
    ...streamStates.handlers,
  };
  return {
    dispatch: createDispatch(handlers),
    events,
    profiles,
    secrets,
    dataDir: options.dataDir,
    sandbox,
    close: () => closeAll({ db, sandbox, wallet, sessions, stopFollowing }),
  };
}

// No active profile (or one without a secret) is a normal state: the pages say so themselves.
function logActivation(error: unknown): void {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'NO_PROFILE' || code === 'NO_SECRET') return;
  console.error(`[wallet] could not start the active profile's services: ${error instanceof Error ? error.message : String(error)}`);
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

interface Closable {
  db: Database.Database;
  sandbox: RunningSandbox | null;
  wallet: WalletCore;
  sessions: ProfileSessions;
  stopFollowing: () => void;
}

// Services first (they hold sockets to the sandbox and handles on their own databases), then the
// sandbox they talk to, then the app database.
async function closeAll(parts: Closable): Promise<void> {
  parts.stopFollowing();
  try {
    parts.wallet.close();
    parts.sessions.close();
    await parts.sandbox?.close();
  } finally {
    parts.db.close();
  }
}
