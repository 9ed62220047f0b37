// Assembles the application core once per process: database, keychain, services, handlers and
// the event bus. Both transports (Electron IPC, the web host) call the Dispatch it returns.
import type Database from 'better-sqlite3';
import {
  BUY_CRYPTO_OPERATIONS, HISTORY_EXPORT_OPERATIONS, HISTORY_OPERATIONS, MARKET_OPERATIONS, ORDER_OPERATIONS, PENDING_OPERATIONS, PORTFOLIO_EXPORT_OPERATIONS, PORTFOLIO_OPERATIONS, SUB_ACCOUNT_OPERATIONS, TRANSFER_OPERATIONS, WALLET_OPERATIONS, WITHDRAWAL_OPERATIONS, type AppInfo,
} from '../../preload/contract';
import { openDatabase } from '../db/database';
import { createProfilesRepo } from '../db/profiles-repo';
import { createSettingsRepo } from '../db/settings-repo';
import { createKeytarStore } from '../keychain/keytar-store';
import type { SecretStore } from '../keychain/secret-store';
import type { RunningSandbox } from '../sandbox/index';
import { currentOsUser, openAuditLog, type AuditLog } from './audit/audit-log';
import { createAuditHandlers } from './audit/handlers';
import { CheckoutLinks } from './buycrypto/checkout-links';
import { buyCryptoHandlers } from './buycrypto/handlers';
import { historyHandlers } from './history/handlers';
import { marketHandlers } from './market/handlers';
import { startBuiltInSandbox, type BuiltInSandboxDeps, type SandboxLauncher } from './builtin-sandbox';
import { createDispatch, type Dispatch, type Handlers } from './dispatch';
import { createEventBus, type EventBus } from './events';
import { balancesExportHandlers } from './exports/balances-handlers';
import { exportHandlers } from './exports/handlers';
import { createExportServices } from './exports/services';
import { orderHandlers } from './orders/handlers';
import { pendingHandlers } from './pending/handlers';
import { portfolioHandlers } from './portfolio/handlers';
import { createPendingStore } from './pending/store';
import { createProfileHandlers } from './profile-handlers';
import { keyTrier } from './key-check';
import { createProfilesService, type ProfilesService } from './profiles';
import { createRightsHandlers } from './rights-probe';
import { createProfileSessions, type ProfileSessions } from './session/profile-sessions';
import { createScopes, perProfile, type Scopes } from './session/scopes';
import { followStreamStates } from './stream-states';
import { subAccountHandlers } from './subaccounts/handlers';
import { transferHandlers } from './transfers/handlers';
import { walletHandlers } from './wallet/handlers';
import { withdrawalHandlers } from './withdrawals/handlers';
import { openWithdrawalStore, type WithdrawalStore } from './withdrawals/store';
import { createTeamHandlers } from '../team/handlers';
import { TeamDesk } from '../team/team-desk';

export const APP_VERSION = '0.1.0';

/** The history's catch-up waits this long for the first balances to be read (see ScopeDeps.historyHoldMs). */
const HISTORY_HOLD_MS = 5_000;

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
  /** The built export worker (out/main/export-worker.js); omitted, its TypeScript source runs through tsx. */
  exportWorker?: string;
  /** Told each step of the start (the web host's COFFER_HOST_TRACE). */
  trace?: (step: string) => void;
  /** The desktop app's folder dialog; without it exports go to Coffer's export folder only. */
  chooseFolder?: () => Promise<string | null>;
  /** The desktop app's file dialog for review; without it the page sends the file (the web host). */
  chooseReviewFile?: () => Promise<string | null>;
}

export interface Core {
  dispatch: Dispatch;
  events: EventBus;
  profiles: ProfilesService;
  /** The keychain, for services that sign requests in main (the secret never leaves main). */
  secrets: SecretStore;
  dataDir: string;
  sandbox: RunningSandbox | null;
  /** The provider checkout pages the service gave: the link policy opens these in the system browser. */
  checkoutLinks: CheckoutLinks;
  /** This desk's team (solo until it joins one). */
  team: TeamDesk;
  /** Takes the bytes of a file the web host's page sends for review (review-upload.ts). */
  receiveReviewFile(reviewId: string, body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<{ received: number }>;
  close(): Promise<void>;
}

/** The handlers of every domain that acts for the active profile, each in the profile's scope. */
export function profileDomainHandlers(scopes: Scopes) {
  return {
    ...perProfile(scopes, WALLET_OPERATIONS, walletHandlers),
    ...perProfile(scopes, TRANSFER_OPERATIONS, transferHandlers),
    ...perProfile(scopes, WITHDRAWAL_OPERATIONS, withdrawalHandlers),
    ...perProfile(scopes, PENDING_OPERATIONS, pendingHandlers),
    ...perProfile(scopes, SUB_ACCOUNT_OPERATIONS, subAccountHandlers),
    ...perProfile(scopes, BUY_CRYPTO_OPERATIONS, buyCryptoHandlers),
    ...perProfile(scopes, HISTORY_OPERATIONS, historyHandlers),
    ...perProfile(scopes, PORTFOLIO_OPERATIONS, portfolioHandlers),
    ...perProfile(scopes, MARKET_OPERATIONS, marketHandlers),
    ...perProfile(scopes, ORDER_OPERATIONS, orderHandlers),
  };
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const { dataDir, nativeBinding } = options;
  const db = openDatabase(dataDir, { nativeBinding });
  const stores = openStores(dataDir, nativeBinding, db);
  const secrets = options.secrets ?? createKeytarStore();
  const events = createEventBus();
  const profilesRepo = createProfilesRepo(db);
  const settings = createSettingsRepo(db);
  options.trace?.('databases open');
  const sandbox = options.launchSandbox
    ? await startSandboxSafely({ profiles: profilesRepo, settings, secrets, dataDir, launch: options.launchSandbox })
    : null;
  options.trace?.(sandbox === null ? 'no built-in sandbox' : 'built-in sandbox listening');
  // A key is tried through a client of the sessions (built below) before its profile is saved.
  const tryKey = keyTrier((profile, secret) => sessions.clientWithSecret(profile, secret));
  const profiles = createProfilesService({ profiles: profilesRepo, settings, secrets, events, tryKey });
  const app = { version: options.version ?? APP_VERSION, transport: options.transport, dataDir };
  const exportServices = createExportServices({
    secrets, settings, profiles, events, dataDir, appVersion: app.version, workerScript: options.exportWorker, nativeBinding, chooseFolder: options.chooseFolder,
    chooseReviewFile: options.chooseReviewFile,
    // A team desk's exports carry the signed record of each withdrawal (the team is made below).
    teamProofs: () => team.proofs(),
  });
  // Read once, like the built-in profile's public key: both describe the sandbox as launched.
  const builtInSecret = sandbox?.master.secretKey ?? null;
  const streamStates = followStreamStates(events);
  const sessions = createProfileSessions({ profiles, secrets, builtInSecret: () => builtInSecret });
  const checkoutLinks = new CheckoutLinks();
  const team = new TeamDesk({
    settings, secrets, signer: exportServices.signer, knownKey: exportServices.publicKey,
    changed: (change) => events.emit('teamChanged', change),
    approvalWanted: (notice) => events.emit('teamApprovalWanted', notice),
  });
  // In the background: a team store that is slow or down never holds up the start.
  void team.start().catch((error: unknown) => console.error(`[team] ${error instanceof Error ? error.message : String(error)}`));
  const scopes = createScopes({
    ...stores,
    checkoutLinks,
    dataDir,
    nativeBinding,
    pending: createPendingStore(db),
    events,
    osUser: currentOsUser(),
    session: sessions.session,
    historyHoldMs: HISTORY_HOLD_MS,
    team,
  });
  // Streams, the reconciler and the deadline watch follow the active profile.
  const activate = () => void scopes.activate().catch((error: unknown) => logActivation(error));
  const stopActivating = events.subscribe((event) => {
    if (event === 'profilesChanged') activate();
  });
  activate();
  // Each domain contributes its handler set; the Handlers type proves every operation is covered.
  const handlers: Handlers = {
    ...createProfileHandlers(profiles, app),
    ...createRightsHandlers({ profiles, sessions }),
    ...streamStates.handlers,
    ...createAuditHandlers(stores.audit, (progress) => events.emit('auditVerifyProgress', progress)),
    ...exportServices.handlers,
    ...profileDomainHandlers(scopes),
    ...perProfile(scopes, HISTORY_EXPORT_OPERATIONS, (scope) => exportHandlers(scope, exportServices.exportDeps)),
    ...perProfile(scopes, PORTFOLIO_EXPORT_OPERATIONS, (scope) => balancesExportHandlers(scope, exportServices.exportDeps)),
    ...createTeamHandlers(team, scopes),
  };
  return {
    dispatch: createDispatch(handlers),
    events,
    profiles,
    secrets,
    dataDir,
    sandbox,
    checkoutLinks,
    team,
    receiveReviewFile: exportServices.receiveReviewFile,
    close: async () => {
      stopActivating();
      streamStates.stop();
      await exportServices.close().catch(() => undefined);
      await team.close().catch(() => undefined);
      await closeAll({ db, sandbox, scopes, sessions, stores });
    },
  };
}

interface Stores {
  audit: AuditLog;
  store: WithdrawalStore;
}

/** audit.db and withdrawals.db; nothing stays open when one of them cannot be opened. */
function openStores(dataDir: string, nativeBinding: string | undefined, db: Database.Database): Stores {
  try {
    const audit = openAuditLog(dataDir, { nativeBinding });
    try {
      return { audit, store: openWithdrawalStore(dataDir, { nativeBinding }) };
    } catch (error) {
      audit.close();
      throw error;
    }
  } catch (error) {
    db.close();
    throw error;
  }
}

// No active profile (or one without a secret) is a normal state: the pages say so themselves;
// a scope asked for while the app shuts down is not opened.
function logActivation(error: unknown): void {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'NO_PROFILE' || code === 'NO_SECRET' || code === 'CLOSED') return;
  console.error(`[core] could not start the active profile's services: ${error instanceof Error ? error.message : String(error)}`);
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
  scopes: Scopes;
  sessions: ProfileSessions;
  stores: Stores;
}

// Services first (they hold sockets to the sandbox), then the sandbox they talk to, then the
// databases.
async function closeAll(parts: Closable): Promise<void> {
  try {
    parts.scopes.close();
    parts.sessions.close();
    await parts.sandbox?.close();
  } finally {
    parts.stores.store.close();
    parts.stores.audit.close();
    parts.db.close();
  }
}
