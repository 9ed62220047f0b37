// The export, signing-key and review operations, one handler each. Exports act for the active
// profile (its history store and name); keys and reviews need no profile. Review handlers are
// given the review sessions only: nothing there can reach the keychain or the network.
import { existsSync } from 'node:fs';
import type { ExportFolderOperations, ExportKeyOperations, HistoryExportOperations, ReviewOperations } from '../../../preload/contract/history';
import { ok } from '../../../preload/contract/result';
import { AppFailure } from '../app-error';
import type { Handlers } from '../dispatch';
import { historyStoreFile } from '../history/store-file';
import type { PriceHistoryApi } from '../portfolio/closes';
import type { ExportFolders } from './export-folders';
import { runExportJob, type ExportJobDeps } from './export-job';
import type { ReviewSessions } from './review/sessions';
import type { SigningKeys } from './signing-key';
import type { TrustedKeys } from './trusted-keys';

/** What an export needs of the active profile's scope: its id (the store's file) and name. */
export interface ExportScope {
  profile: { id: string; name: string };
  /** The profile's service client: its public price history values the exported rows. */
  api?: PriceHistoryApi;
}

export interface ExportHandlerDeps extends Omit<ExportJobDeps, 'progress'> {
  /** The folders a request may name (export-folders.ts). */
  folders: Pick<ExportFolders, 'resolve'>;
  dataDir: string;
  /** The profile's service address and API version, as the manifest names the account. */
  account(profileId: string): string;
  progress(profileId: string, done: number, total: number, phase: 'writing' | 'signing'): void;
}

export function exportHandlers(scope: ExportScope, deps: ExportHandlerDeps): Pick<Handlers, keyof HistoryExportOperations> {
  return {
    exportHistory: async (request) => {
      const dbPath = historyStoreFile(deps.dataDir, scope.profile.id);
      if (!existsSync(dbPath)) throw new AppFailure('NO_HISTORY', `${scope.profile.name} has no stored history yet: wait for its first read to finish`);
      const folder = await deps.folders.resolve(request.folder);
      const result = await runExportJob(
        {
          dbPath, filter: request.filter, format: request.format, folder,
          profileName: scope.profile.name, account: deps.account(scope.profile.id),
          valuationCurrency: request.valuationCurrency, priceApi: scope.api,
        },
        { ...deps, progress: (done, total, phase) => deps.progress(scope.profile.id, done, total, phase) },
      );
      return ok(result);
    },
  };
}

export function createExportKeyHandlers(keys: SigningKeys, trusted: TrustedKeys): Pick<Handlers, keyof ExportKeyOperations> {
  return {
    exportSigningKey: async () => ok((await keys.signer()).info),
    // Asked together with exportSigningKey on a first visit: the list waits for the key being made.
    trustedExportKeys: async () => {
      await keys.settled();
      return ok(trusted.list());
    },
    trustExportKey: async ({ publicKey, label }) => ok(trusted.trust(publicKey, label)),
    forgetExportKey: async ({ fingerprint }) => ok(trusted.forget(fingerprint)),
  };
}

export function createExportFolderHandlers(folders: ExportFolders): Pick<Handlers, keyof ExportFolderOperations> {
  return {
    exportFolders: async () => ok(folders.choices()),
    chooseExportFolder: async () => ok({ folder: await folders.choose() }),
  };
}

export function createReviewHandlers(reviews: ReviewSessions): Pick<Handlers, keyof ReviewOperations> {
  return {
    beginReview: async (request) => ok(await reviews.begin(request)),
    chooseReviewFile: async () => ok({ review: await reviews.choose() }),
    finishReview: async ({ reviewId, firstRows }) => ok(await reviews.finish(reviewId, { firstRows })),
    // While the rows load, what counts every row waits for them: never a total of the first rows.
    reviewSummary: async ({ reviewId, filter }) => {
      await reviews.settled(reviewId);
      return ok(reviews.summary(reviewId, filter));
    },
    reviewRows: async ({ reviewId, ...window }) => {
      await reviews.settled(reviewId, window.filter);
      return ok(reviews.rows(reviewId, window));
    },
    reviewFlows: async ({ reviewId, filter }) => {
      await reviews.settled(reviewId);
      return ok(reviews.flows(reviewId, filter));
    },
    reviewBalances: async ({ reviewId }) => ok(reviews.balances(reviewId)),
    closeReview: async ({ reviewId }) => ok(await reviews.close(reviewId)),
  };
}

/** The account as a manifest names it: the REST endpoint's origin and the API version, never a key. */
export function accountOf(profile: { restUrl: string; apiVersion: string }): string {
  let origin = profile.restUrl;
  try {
    origin = new URL(profile.restUrl).origin;
  } catch {
    // A stored URL that no longer parses is shown as stored: it carries no key (profiles refuse user-info).
  }
  return `${origin} (API v${profile.apiVersion})`;
}
