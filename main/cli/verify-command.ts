// `coffer verify FILE`: the same verification review does, trusting this installation's list
// (read from its settings, when it has any; no keychain) plus the keys given with --trust.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { TrustedKey } from '../../preload/contract/history';
import { teamApprovalsSummary } from '../../preload/contract/team-approvals';
import { fingerprintOf, publicKeyObject } from '../core/exports/fingerprint';
import { createTrustedKeys } from '../core/exports/trusted-keys';
import { verificationExitCode, verifyExport, type Verification } from '../core/exports/verify';
import { DB_FILE_NAME } from '../db/database';
import { createSettingsRepo } from '../db/settings-repo';
import { CliError, EXIT, usageError, type VerifyArgs } from './cli-args';

export async function verifyCommand(args: VerifyArgs, dataDir: string, print: (line: string) => void): Promise<number> {
  const given = args.trust.map(trustedFromArgument);
  if (!existsSync(args.file)) throw new CliError(EXIT.notFound, `${args.file}: no such file`);
  const verification = await verifyExport(args.file, [...installationTrust(dataDir), ...given]);
  if (args.json) print(JSON.stringify(jsonReport(args.file, verification), null, 2));
  else for (const line of humanReport(args.file, verification)) print(line);
  return verificationExitCode(verification);
}

function trustedFromArgument(publicKey: string): TrustedKey {
  if (publicKeyObject(publicKey) === null) throw usageError(`--trust: ${publicKey} is not a base64 Ed25519 public key (44 characters)`);
  return { fingerprint: fingerprintOf(publicKey), publicKey, label: 'given with --trust', own: false, addedAt: new Date(0).toISOString() };
}

/** The installation's trust list, read-only; none when there is no installation here. */
function installationTrust(dataDir: string): TrustedKey[] {
  const file = join(dataDir, DB_FILE_NAME);
  if (!existsSync(file)) return [];
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    return createTrustedKeys(createSettingsRepo(db)).list();
  } catch (error) {
    console.error(`coffer: this installation's trusted keys could not be read (${error instanceof Error ? error.message : String(error)}); only --trust keys count`);
    return [];
  } finally {
    db?.close();
  }
}

function jsonReport(file: string, verification: Verification) {
  const { problems, manifest, signer, intact, verified, teamApprovals } = verification;
  return { file, verified, intact, problems, manifest, signer, teamApprovals };
}

function humanReport(file: string, verification: Verification): string[] {
  const { verified, intact, problems, manifest, signer } = verification;
  const lines = [verified ? `Verified: ${file}` : intact ? `Intact, but not verified: ${file}` : `NOT VERIFIED: ${file}`];
  for (const problem of problems) lines.push(`  - ${problem.message}`);
  if (signer !== null) lines.push(`Signed by ${signer.fingerprint}${signer.label === null ? ' (not trusted here)' : ` (${signer.label})`}`);
  if (manifest !== null) {
    lines.push(`${manifest.rowCount} rows of ${manifest.profileName} at ${manifest.account}, ${manifest.format}, exported ${manifest.createdAt}`);
    const day = manifest.balances;
    if (day !== undefined) {
      const scope = day.scope === 'all' ? 'master and sub-accounts' : 'master account';
      lines.push(`Balances at the close of ${day.day} (${day.closeAt}), ${scope}, valued in ${day.valuationCurrency}: total ${day.totalValue}`);
    }
    if (intact && !verified && signer !== null) lines.push(`To trust this signer: npm run coffer -- verify ${file} --trust ${signer.publicKey}`);
  }
  if (verification.teamApprovals !== null) {
    const team = teamApprovalsSummary(verification.teamApprovals);
    lines.push(team.text, ...team.failures.map((failure) => `  - ${failure}`));
  }
  return lines;
}
