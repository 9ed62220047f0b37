// The export side of the core, assembled once: the signing key (keychain), the trust list and
// the review sessions (settings only), and what each profile's export handlers need. The review
// sessions are given no secret store, client or profile; review folders a crash left are removed.
import type { Events } from '../../../preload/contract';
import type { ExportFolderOperations, ExportKeyOperations, ReviewOperations } from '../../../preload/contract/history';
import type { SettingsRepo } from '../../db/settings-repo';
import type { SecretStore } from '../../keychain/secret-store';
import type { Handlers } from '../dispatch';
import type { ProfilesService } from '../profiles';
import { createExportFolders, type FolderDialog } from './export-folders';
import { accountOf, createExportFolderHandlers, createExportKeyHandlers, createReviewHandlers, type ExportHandlerDeps } from './handlers';
import { ReviewSessions } from './review/sessions';
import { createSigningKeys, type ExportSigner } from './signing-key';
import type { TeamProofSource } from './team-proofs';
import { createTrustedKeys } from './trusted-keys';
import { SOURCE_WORKER } from './worker-thread';

export interface ExportServicesDeps {
  secrets: SecretStore;
  settings: SettingsRepo;
  profiles: Pick<ProfilesService, 'find'>;
  events: { emit<E extends keyof Events>(event: E, payload: Events[E]): void };
  dataDir: string;
  appVersion: string;
  /** The built worker (out/main/export-worker.js); absent, the TypeScript source through tsx. */
  workerScript?: string;
  nativeBinding?: string;
  /** The desktop app's folder dialog; absent (the web host), exports go to Coffer's export folder only. */
  chooseFolder?: FolderDialog;
  /** The desktop app's file dialog for review; absent (the web host), the page sends the file. */
  chooseReviewFile?: () => Promise<string | null>;
  /** The team's record of withdrawals, asked at each export; null (or absent) on a solo desk. */
  teamProofs?: () => TeamProofSource | null;
}

export interface ExportServices {
  /** The key, folder and review operations (no profile needed). */
  handlers: Pick<Handlers, keyof ExportKeyOperations | keyof ExportFolderOperations | keyof ReviewOperations>;
  /** What each profile's export handlers need (exportHandlers in handlers.ts). */
  exportDeps: ExportHandlerDeps;
  /** This desk's key (made on first use): it also signs the desk's team entries. */
  signer(): Promise<ExportSigner>;
  /** This desk's public key as settings know it, without the keychain; null before the first key. */
  publicKey(): string | null;
  /** Takes the bytes of a file sent for review (the web host's upload request). */
  receiveReviewFile: ReviewSessions['receive'];
  /** Closes every review (their temporary files go with them). */
  close(): Promise<void>;
}

export function createExportServices(deps: ExportServicesDeps): ExportServices {
  const workerScript = deps.workerScript ?? SOURCE_WORKER;
  const keys = createSigningKeys({ secrets: deps.secrets, settings: deps.settings });
  const trusted = createTrustedKeys(deps.settings);
  const folders = createExportFolders({ dataDir: deps.dataDir, settings: deps.settings, chooseFolder: deps.chooseFolder });
  const reviews = new ReviewSessions({
    trustedKeys: () => trusted.list(),
    progress: (event) => deps.events.emit('reviewProgress', event),
    workerScript,
    nativeBinding: deps.nativeBinding,
    chooseFile: deps.chooseReviewFile,
  });
  // In the background: a start never waits on a folder left by a crash.
  void reviews.removeLeftovers().catch(() => undefined);
  return {
    handlers: { ...createExportKeyHandlers(keys, trusted), ...createExportFolderHandlers(folders), ...createReviewHandlers(reviews) },
    exportDeps: {
      workerScript,
      nativeBinding: deps.nativeBinding,
      signer: () => keys.signer(),
      appVersion: deps.appVersion,
      folders,
      dataDir: deps.dataDir,
      account: (profileId) => {
        const profile = deps.profiles.find(profileId);
        return profile === undefined ? 'unknown account' : accountOf(profile);
      },
      progress: (profileId, done, total, phase) => deps.events.emit('historyExportProgress', { profileId, done, total, phase }),
      teamProofs: deps.teamProofs,
    },
    signer: () => keys.signer(),
    publicKey: () => keys.publicInfo()?.publicKey ?? null,
    receiveReviewFile: (reviewId, body) => reviews.receive(reviewId, body),
    close: () => reviews.closeAll(),
  };
}
