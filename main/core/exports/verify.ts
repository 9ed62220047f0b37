// Checks an export before anything in it is believed, in this order: the zip can be read; it
// holds manifest.json and manifest.sig; the manifest parses and is a version this Coffer reads;
// the signature is valid under the key the manifest names; the archive holds exactly the files
// the manifest lists; each file's SHA-256 matches (when not, its rows are counted to say whether
// rows were removed, added or changed); the signer is trusted. Each failure is a problem in plain
// words. The data may be loaded when the signature and every file check out, even if the signer
// is unknown. A team desk's record of its withdrawals, when the manifest lists one, is checked
// entry by entry (team-approvals-check.ts).
import { createHash, verify as verifySignature } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { BALANCES_EXPORT_FORMAT, type ExportManifestView, type ReviewProblem, type ReviewReport, type TrustedKey } from '../../../preload/contract/history';
import type { TeamApprovalsReport } from '../../../preload/contract/team-approvals';
import { CsvRecordCounter } from './csv/records';
import { fingerprintOf, publicKeyObject } from './fingerprint';
import { isBalancesCsvName } from './formats/balances-csv';
import { CANONICAL_CSV_NAME } from './formats/canonical-csv';
import { JSON_ROWS_NAME } from './formats/json-rows';
import { MANIFEST_MAX_BYTES, MANIFEST_NAME, manifestView, parseManifest, SIGNATURE_NAME, type Manifest, type ManifestFile } from './manifest';
import { readTeamApprovals } from './team-approvals-check';
import { signerTrust } from './trusted-keys';
import { ZipError } from './zip/format';
import { ZipReader } from './zip/reader';

export interface Verification {
  problems: ReviewProblem[];
  manifest: ExportManifestView | null;
  /** The parsed manifest, when its signature holds. */
  signed: Manifest | null;
  signer: ReviewReport['signer'];
  /** Signature and every file check out: the rows may be loaded (the signer may still be unknown). */
  intact: boolean;
  verified: boolean;
  /** The file review loads: transactions.csv, transactions.json, or a balances export's balances-<day>.csv. */
  dataFile: string | null;
  /** The team's four-eyes record, when the signed manifest lists one. */
  teamApprovals: TeamApprovalsReport | null;
}

export type VerifyProgress = (done: number, total: number) => void;

const notExport = (message: string): Verification => ({
  problems: [{ kind: 'notExport', message }], manifest: null, signed: null, signer: null, intact: false, verified: false, dataFile: null, teamApprovals: null,
});

export async function verifyExport(
  path: string,
  trusted: readonly TrustedKey[],
  progress: VerifyProgress = () => undefined,
): Promise<Verification> {
  let zip: ZipReader;
  try {
    zip = await ZipReader.open(path);
  } catch (error) {
    return notExport(`This file is not a Coffer export: ${reason(error)}`);
  }
  try {
    return await verifyArchive(zip, trusted, progress);
  } finally {
    await zip.close();
  }
}

async function verifyArchive(zip: ZipReader, trusted: readonly TrustedKey[], progress: VerifyProgress): Promise<Verification> {
  if (!zip.entries.has(MANIFEST_NAME) || !zip.entries.has(SIGNATURE_NAME)) {
    return notExport('This file is not a Coffer export: it holds no signed manifest (manifest.json and manifest.sig)');
  }
  let manifestBytes: Buffer;
  let signature: Buffer;
  try {
    manifestBytes = await zip.readAll(MANIFEST_NAME, MANIFEST_MAX_BYTES);
    signature = Buffer.from((await zip.readAll(SIGNATURE_NAME, 1024)).toString('utf8').trim(), 'base64');
  } catch (error) {
    return notExport(`The export's manifest cannot be read: ${reason(error)}`);
  }
  const parsed = parseManifest(manifestBytes);
  if (!parsed.ok) return { ...notExport(parsed.message), problems: [{ kind: parsed.kind, message: parsed.message, file: MANIFEST_NAME }] };
  const manifest = parsed.manifest;
  const key = publicKeyObject(manifest.signer.publicKey);
  if (key === null || signature.length !== 64 || !verifySignature(null, manifestBytes, key, signature)) {
    return {
      ...notExport(''),
      problems: [{ kind: 'badSignature', message: 'The signature does not match: the manifest was changed after it was signed', file: MANIFEST_NAME }],
    };
  }
  const fingerprint = fingerprintOf(manifest.signer.publicKey);
  const listed = new Set(manifest.files.map((file) => file.name));
  const dataFile = dataFileOf(manifest, listed);
  const listProblems = archiveListProblems(zip, manifest.files);
  const problems = [...listProblems, ...(await fileProblems(zip, manifest.files, progress))];
  const intact = problems.length === 0;
  const teamApprovals = await readTeamApprovals(zip, manifest.files, problems);
  const trust = signerTrust(trusted, manifest.signer.publicKey);
  if (!trust.trusted) {
    problems.push({ kind: 'unknownKey', message: `Signed by a key this installation does not trust (fingerprint ${fingerprint})` });
  }
  return {
    problems,
    manifest: manifestView(manifest, fingerprint),
    signed: manifest,
    signer: { fingerprint, publicKey: manifest.signer.publicKey, ...trust },
    intact,
    verified: intact && trust.trusted,
    dataFile,
    teamApprovals,
  };
}

function dataFileOf(manifest: Manifest, listed: ReadonlySet<string>): string | null {
  if (manifest.format === BALANCES_EXPORT_FORMAT) return [...listed].find(isBalancesCsvName) ?? null;
  return listed.has(CANONICAL_CSV_NAME) ? CANONICAL_CSV_NAME : listed.has(JSON_ROWS_NAME) ? JSON_ROWS_NAME : null;
}

function archiveListProblems(zip: ZipReader, files: readonly ManifestFile[]): ReviewProblem[] {
  const listed = new Set(files.map((file) => file.name));
  const problems: ReviewProblem[] = [];
  for (const file of files) {
    if (!zip.entries.has(file.name)) problems.push({ kind: 'fileMissing', message: `${file.name} is listed in the manifest but missing from the export`, file: file.name });
  }
  for (const name of zip.names()) {
    if (name === MANIFEST_NAME || name === SIGNATURE_NAME || listed.has(name)) continue;
    problems.push({ kind: 'fileAdded', message: `${name} was added to the export: the manifest does not list it`, file: name });
  }
  return problems;
}

async function fileProblems(zip: ZipReader, files: readonly ManifestFile[], progress: VerifyProgress): Promise<ReviewProblem[]> {
  const present = files.filter((file) => zip.entries.has(file.name));
  const total = present.reduce((sum, file) => sum + (zip.entries.get(file.name)?.size ?? 0), 0);
  let done = 0;
  const problems: ReviewProblem[] = [];
  for (const file of present) {
    // A size other than the signed one is a changed file without hashing it: what is inflated to
    // hash is never more than the manifest says.
    if (zip.entries.get(file.name)?.size !== file.bytes) {
      problems.push(...(await changedFileProblems(zip, file)));
      continue;
    }
    const hash = createHash('sha256');
    try {
      for await (const chunk of zip.read(file.name)) {
        hash.update(chunk);
        done += chunk.length;
        progress(done, total);
      }
    } catch (error) {
      const detail = error instanceof ZipError ? error.message : `${file.name} cannot be read (${reason(error)})`;
      problems.push({ kind: 'fileChanged', message: `${detail} — it is not the file that was signed`, file: file.name });
      continue;
    }
    if (hash.digest('hex') === file.sha256) continue;
    problems.push(...(await changedFileProblems(zip, file)));
  }
  return problems;
}

/** A file that is not the one signed, and how its rows differ when they can be counted. */
async function changedFileProblems(zip: ZipReader, file: ManifestFile): Promise<ReviewProblem[]> {
  const changed: ReviewProblem = { kind: 'fileChanged', message: `${file.name} was changed after the export was signed`, file: file.name };
  try {
    return [changed, rowsProblem(file, await countRows(zip, file.name))];
  } catch (error) {
    return [{ ...changed, message: `${error instanceof ZipError ? error.message : `${file.name} cannot be read (${reason(error)})`} — it is not the file that was signed` }];
  }
}

function rowsProblem(file: ManifestFile, rows: number): ReviewProblem {
  if (rows < file.rows) return { kind: 'rowsRemoved', message: `${file.name} has ${rows} rows; the manifest says ${file.rows}`, file: file.name };
  if (rows > file.rows) return { kind: 'rowsAdded', message: `${file.name} has ${rows} rows; the manifest says ${file.rows}`, file: file.name };
  return { kind: 'rowsChanged', message: `${file.name} has the ${rows} rows the manifest says, but their content was changed`, file: file.name };
}

/** Data rows in a file that failed its hash, counted leniently (whatever the text). */
async function countRows(zip: ZipReader, name: string): Promise<number> {
  const decoder = new StringDecoder('utf8');
  const counter = new CsvRecordCounter();
  let lines = 0;
  const json = name.endsWith('.json');
  for await (const chunk of zip.read(name)) {
    if (json) lines += countByte(chunk, 0x0a);
    else counter.push(decoder.write(chunk));
  }
  if (json) return Math.max(0, lines - 2);
  counter.push(decoder.end());
  return Math.max(0, counter.total() - 1);
}

function countByte(chunk: Buffer, byte: number): number {
  let count = 0;
  for (let at = chunk.indexOf(byte); at !== -1; at = chunk.indexOf(byte, at + 1)) count += 1;
  return count;
}

function reason(error: unknown): string {
  if (error instanceof ZipError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return 'the file does not exist';
  if (code === 'EISDIR') return 'it is a folder';
  return error instanceof Error ? error.message : String(error);
}

/** The exit code the command line gives: 0 verified, 2 intact but unknown signer, 1 anything else. */
export function verificationExitCode(verification: Verification): 0 | 1 | 2 {
  if (verification.verified) return 0;
  return verification.intact ? 2 : 1;
}
