// An export from main's side: where it goes and what it is called, the worker that writes it,
// the manifest signed here when the worker has written the data, and the file renamed to its
// final name only once it is complete (a failed export leaves nothing behind). The signing key
// is read before any work starts, so a locked keychain fails the export at once. On a team desk
// the worker asks here for the team's proofs of the withdrawals it wrote (team-proofs.ts). The
// prices the rows are valued with are read here first (the worker has no network), and the
// manifest says where they came from.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExportFormat, ExportResult, HistoryFilter } from '../../../preload/contract/history';
import { AppFailure } from '../app-error';
import { isTeamProofsRequest, type ExportTaskData, type ExportTaskResult, type SignRequest } from './export-task';
import { defaultExportFolder } from './export-folders';
import { signManifest } from './manifest';
import type { PriceHistoryApi } from '../portfolio/closes';
import { DEFAULT_VALUATION_CURRENCY, PRICE_SOURCE, PRICING_RULE, readPriceTable } from './pricing/price-table';
import { emptyPriceTable } from './pricing/row-pricer';
import type { ExportSigner } from './signing-key';
import { proofsOfExport, type TeamProofSource } from './team-proofs';
import { runWorkerJob, WorkerJobError } from './worker-thread';

export interface ExportJobRequest {
  /** The profile's history store. */
  dbPath: string;
  filter: HistoryFilter;
  format: ExportFormat;
  folder: string;
  profileName: string;
  /** The service's address and API version (never a key). */
  account: string;
  /** The currency every row is valued in; absent, DEFAULT_VALUATION_CURRENCY. */
  valuationCurrency?: string;
  /** The service's price history (public candles); absent, only rows in the valuation currency get a value. */
  priceApi?: PriceHistoryApi;
}

export interface ExportJobDeps {
  workerScript: string;
  nativeBinding?: string;
  signer(): Promise<ExportSigner>;
  appVersion: string;
  progress(done: number, total: number, phase: 'writing' | 'signing'): void;
  now?(): Date;
  /** A team desk's record of its withdrawals; absent or null on a solo desk (no team-approvals.json). */
  teamProofs?: () => TeamProofSource | null;
}

export async function runExportJob(request: ExportJobRequest, deps: ExportJobDeps): Promise<ExportResult> {
  const signer = await deps.signer();
  const teamProofs = deps.teamProofs?.() ?? null;
  const createdAt = (deps.now ?? (() => new Date()))();
  const wanted = exportFileName(request.profileName, createdAt, request.format);
  const valuationCurrency = request.valuationCurrency ?? DEFAULT_VALUATION_CURRENCY;
  // Prices that cannot be read leave the rows unpriced (each says so), never the export undone.
  const prices = await readPriceTable({
    dbPath: request.dbPath, nativeBinding: deps.nativeBinding, filter: request.filter, valuationCurrency, api: request.priceApi, now: createdAt,
  }).catch(() => readPriceTable({ dbPath: request.dbPath, nativeBinding: deps.nativeBinding, filter: request.filter, valuationCurrency, now: createdAt }))
    .catch(() => ({
      table: emptyPriceTable(valuationCurrency),
      manifest: { currency: valuationCurrency, source: PRICE_SOURCE, rule: PRICING_RULE, readAt: createdAt.toISOString(), series: [] },
    }));
  try {
    const { fileName, written } = await writeIntoPlace(request.folder, wanted, exportInWorker);
    return { exportId: randomUUID(), path: join(request.folder, fileName), fileName, format: request.format, rows: written.rows, bytes: written.bytes, fingerprint: signer.info.fingerprint };
  } catch (error) {
    if (error instanceof WorkerJobError) throw new AppFailure('EXPORT_FAILED', `The export failed: ${error.message}`);
    throw error;
  }

  function exportInWorker(partialPath: string): Promise<ExportTaskResult> {
    const data: ExportTaskData = {
      kind: 'export', dbPath: request.dbPath, nativeBinding: deps.nativeBinding, filter: request.filter, format: request.format,
      path: partialPath, profileName: request.profileName, modifiedAt: createdAt.toISOString(), teamProofs: teamProofs !== null,
      prices: prices.table, helperScript: deps.workerScript,
    };
    const job = runWorkerJob<ExportTaskResult>(deps.workerScript, data, {
      progress: (done, total, phase) => deps.progress(done, total, phase === 'signing' ? 'signing' : 'writing'),
      request: async (body) => {
        if (isTeamProofsRequest(body)) return teamProofs === null ? [] : proofsOfExport(teamProofs, body.teamProofsFor);
        const { summary } = body as SignRequest;
        const valuation = { ...prices.manifest, unpricedRows: summary.unpricedRows ?? 0 };
        const signed = signManifest(
          {
            appVersion: deps.appVersion, profileName: request.profileName, account: request.account, filters: request.filter,
            format: request.format, ...summary, valuation, createdAt: createdAt.toISOString(),
            signer: { publicKey: signer.info.publicKey, fingerprint: signer.info.fingerprint },
          },
          signer,
        );
        return { manifest: new Uint8Array(signed.manifest), signature: signed.signature };
      },
    });
    return job.result;
  }
}

/**
 * Writes a file under a temporary name in its folder, then gives it its final name (see
 * moveIntoPlace): a failed write leaves nothing behind. Returns the name it got and what `write` gave.
 */
export async function writeIntoPlace<T>(folder: string, wanted: string, write: (partialPath: string) => Promise<T>): Promise<{ fileName: string; written: T }> {
  const partialPath = join(folder, `.${wanted}.${randomUUID().slice(0, 8)}.partial`);
  try {
    const written = await write(partialPath);
    return { fileName: await moveIntoPlace(partialPath, folder, wanted), written };
  } catch (error) {
    await rm(partialPath, { force: true });
    throw error;
  }
}

/** coffer-<profile-slug>-<YYYYMMDD-HHmmss>-<what>.zip, the time in UTC; what: the format (and a balances export's day). */
export function exportFileName(profileName: string, at: Date, what: string): string {
  const slug = profileName.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '') || 'profile';
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `coffer-${slug}-${stamp}-${what}.zip`;
}

/**
 * Gives the finished file its name, or the name with -2, -3… when an export of the same second
 * is already there. A hard link never replaces an existing file, so two exports finishing at
 * once cannot overwrite each other; where the file system has no hard links, a checked rename.
 */
async function moveIntoPlace(partialPath: string, folder: string, fileName: string): Promise<string> {
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? fileName : fileName.replace(/\.zip$/, `-${n}.zip`);
    const linked = await link(partialPath, join(folder, candidate)).then(
      () => true,
      (error: unknown) => ((error as { code?: unknown }).code === 'EEXIST' ? null : false),
    );
    if (linked === null || (!linked && existsSync(join(folder, candidate)))) continue;
    if (linked) await rm(partialPath, { force: true });
    else await rename(partialPath, join(folder, candidate));
    return candidate;
  }
}

/**
 * The folder the command line writes to: the one its user named (it must exist), else Coffer's
 * export folder (defaultExportFolder, created when missing). The app takes only the folders
 * export-folders.ts grants.
 */
export async function exportFolder(asked: string | undefined, fromSettings: string | null, dataDir: string): Promise<string> {
  if (asked !== undefined) {
    const found = await stat(asked).catch(() => null);
    if (found === null) throw new AppFailure('VALIDATION', `The folder ${asked} does not exist`, 'folder');
    if (!found.isDirectory()) throw new AppFailure('VALIDATION', `${asked} is not a folder`, 'folder');
    return asked;
  }
  const folder = defaultExportFolder(fromSettings, dataDir);
  await mkdir(folder, { recursive: true });
  return folder;
}
