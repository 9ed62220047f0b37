// A day's balances written as one signed export, on the main thread (a few hundred rows at most):
// balances-<day>.csv through the same zip writer, the same signed manifest (format 'balances',
// naming the day, valuation currency, scope and total) and the same temporary name renamed into
// place as a history export. The signing key is read first, so a locked keychain fails at once.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { BALANCES_EXPORT_FORMAT, type ExportResult } from '../../../preload/contract/history';
import type { DateBalances } from '../../../preload/contract/portfolio';
import { writeLines, writeSignedArchive } from './archive';
import { exportFileName, writeIntoPlace } from './export-job';
import { balancesCsvLines, balancesCsvName } from './formats/balances-csv';
import { signManifest } from './manifest';
import type { ExportSigner } from './signing-key';

export interface BalancesExportRequest {
  balances: DateBalances;
  folder: string;
  profileName: string;
  /** The service's address and API version (never a key). */
  account: string;
}

export interface BalancesExportDeps {
  signer(): Promise<ExportSigner>;
  appVersion: string;
  now?(): Date;
}

export async function runBalancesExport(request: BalancesExportRequest, deps: BalancesExportDeps): Promise<ExportResult> {
  const signer = await deps.signer();
  const { balances } = request;
  const createdAt = (deps.now ?? (() => new Date()))();
  const wanted = exportFileName(request.profileName, createdAt, `${BALANCES_EXPORT_FORMAT}-${balances.day}`);
  const { fileName, written: bytes } = await writeIntoPlace(request.folder, wanted, (partialPath) =>
    writeSignedArchive(
      partialPath,
      createdAt,
      async (writer) => ({
        files: [await writeLines(writer, balancesCsvName(balances.day), balancesCsvLines(balances))],
        rowCount: balances.rows.length,
        from: balances.closeAt,
        till: balances.closeAt,
      }),
      async (summary) =>
        signManifest(
          {
            appVersion: deps.appVersion, profileName: request.profileName, account: request.account, filters: {},
            format: BALANCES_EXPORT_FORMAT, ...summary,
            balances: { day: balances.day, closeAt: balances.closeAt, valuationCurrency: balances.valuationCurrency, scope: balances.scope, totalValue: balances.totalValue },
            createdAt: createdAt.toISOString(),
            signer: { publicKey: signer.info.publicKey, fingerprint: signer.info.fingerprint },
          },
          signer,
        ),
    ),
  );
  return {
    exportId: randomUUID(), path: join(request.folder, fileName), fileName, format: BALANCES_EXPORT_FORMAT,
    rows: balances.rows.length, bytes, fingerprint: signer.info.fingerprint,
  };
}
