// `coffer export`: a signed export of a profile's stored history, made the way the app makes one
// (the same worker, manifest and key), from the local store without the app or the network.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppFailure } from '../core/app-error';
import { exportFolder, runExportJob } from '../core/exports/export-job';
import { accountOf } from '../core/exports/handlers';
import { createSigningKeys } from '../core/exports/signing-key';
import { SOURCE_WORKER } from '../core/exports/worker-thread';
import { historyStoreFile } from '../core/history/store-file';
import { openDatabase, DB_FILE_NAME } from '../db/database';
import { createProfilesRepo } from '../db/profiles-repo';
import { createSettingsRepo, SETTING_KEYS } from '../db/settings-repo';
import { createKeytarStore } from '../keychain/keytar-store';
import { CliError, EXIT, type ExportArgs } from './cli-args';

export async function exportCommand(args: ExportArgs, dataDir: string, print: (line: string) => void): Promise<number> {
  if (!existsSync(join(dataDir, DB_FILE_NAME))) {
    throw new CliError(EXIT.notFound, `No Coffer data in ${dataDir} (set COFFER_DATA_DIR to the data folder)`);
  }
  const db = openDatabase(dataDir);
  try {
    const profiles = createProfilesRepo(db);
    const profile = profiles.find(args.profile) ?? profiles.findByName(args.profile);
    if (profile === undefined) throw new CliError(EXIT.notFound, `--profile: no profile is named or has the id ${args.profile}`);
    const dbPath = historyStoreFile(dataDir, profile.id);
    if (!existsSync(dbPath)) throw new CliError(EXIT.notFound, `${profile.name} has no stored history yet: open it in Coffer once so its history is read`);
    const settings = createSettingsRepo(db);
    const folder = await exportFolder(args.out, settings.get(SETTING_KEYS.exportFolder), dataDir).catch((error: unknown) => {
      throw error instanceof AppFailure && error.field === 'folder' ? new CliError(EXIT.notFound, `--out: ${error.message}`) : error;
    });
    const keys = createSigningKeys({ secrets: createKeytarStore(), settings });
    const result = await runExportJob(
      { dbPath, filter: args.filter, format: args.format, folder, profileName: profile.name, account: accountOf(profile) },
      { workerScript: SOURCE_WORKER, signer: () => keys.signer(), appVersion: appVersion(), progress: progressLine() },
    );
    if (process.stderr.isTTY) process.stderr.write('\n');
    print(result.path);
    console.error(`${result.rows} rows, ${result.bytes} bytes, ${result.format}, signed by ${result.fingerprint}`);
    return EXIT.ok;
  } finally {
    db.close();
  }
}

function appVersion(): string {
  if (process.env.npm_package_version) return process.env.npm_package_version;
  return (JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { version: string }).version;
}

/** Progress on one terminal line; nothing when stderr is not a terminal (scripts read the path from stdout). */
function progressLine(): (done: number, total: number, phase: string) => void {
  return (done, total, phase) => {
    if (process.stderr.isTTY) process.stderr.write(`\r${phase} ${done}/${total}`);
  };
}
