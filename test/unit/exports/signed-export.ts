// Signed exports made in-process for the verification tests, and the ways an attacker or an
// accident changes one: rewrite an entry (the zip itself stays well-formed, only the content
// changes), drop or add one, or rewrite the manifest and sign it with another key.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportFormat, HistoryEntry, TrustedKey } from '../../../preload/contract/history';
import { writeExportArchive } from '../../../main/core/exports/archive';
import { fingerprintOf, rawPublicKey } from '../../../main/core/exports/fingerprint';
import { manifestBytes, parseManifest, signManifest, type Manifest } from '../../../main/core/exports/manifest';
import { ZipReader } from '../../../main/core/exports/zip/reader';
import { ZipWriter } from '../../../main/core/exports/zip/writer';
import { FIXTURE_HISTORY, FIXTURE_PROFILE } from './fixture';

export interface TestKey {
  privateKey: KeyObject;
  publicKey: string;
  fingerprint: string;
  sign(bytes: Uint8Array): Buffer;
}

export function testKey(): TestKey {
  const { privateKey } = generateKeyPairSync('ed25519');
  const publicKey = rawPublicKey(privateKey);
  return { privateKey, publicKey, fingerprint: fingerprintOf(publicKey), sign: (bytes) => sign(null, bytes, privateKey) };
}

/** The key as the export code takes its signer (the signing key's place). */
export const signerOf = (key: TestKey) => async () => ({
  info: { publicKey: key.publicKey, fingerprint: key.fingerprint, createdAt: '2025-01-01T00:00:00.000Z' },
  sign: key.sign,
});

export const trustOnly = (key: TestKey): TrustedKey[] => [
  { fingerprint: key.fingerprint, publicKey: key.publicKey, label: 'This installation', own: true, addedAt: '2025-01-01T00:00:00.000Z' },
];

let dir: string | null = null;
let made = 0;

/** Removes the scratch folder (tests call it after their last export). */
export function removeScratch(): void {
  if (dir !== null) rmSync(dir, { recursive: true, force: true });
  dir = null;
}

/** A fresh path in this process's scratch folder (made on first use, removed by removeScratch or at exit). */
export function scratchPath(name = 'export.zip'): string {
  if (dir === null) {
    const folder = mkdtempSync(join(tmpdir(), 'coffer-signed-export-'));
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    dir = folder;
  }
  return join(dir, `${(made += 1)}-${name}`);
}

export async function makeExport(key: TestKey, format: ExportFormat = 'csv', rows: readonly HistoryEntry[] = FIXTURE_HISTORY): Promise<string> {
  const path = scratchPath(`${format}.zip`);
  await writeExportArchive(
    { path, format, rows: () => rows, source: { profileName: FIXTURE_PROFILE }, modifiedAt: new Date('2025-03-02T10:00:00Z') },
    async (summary) =>
      signManifest(
        {
          appVersion: '0.1.0', profileName: FIXTURE_PROFILE, account: 'https://api.example.test/api/3', filters: {}, format,
          ...summary, createdAt: '2025-03-02T10:00:00.000Z', signer: { publicKey: key.publicKey, fingerprint: key.fingerprint },
        },
        key,
      ),
  );
  return path;
}

export async function entriesOf(path: string): Promise<Map<string, Buffer>> {
  const zip = await ZipReader.open(path);
  const entries = new Map<string, Buffer>();
  for (const name of zip.names()) entries.set(name, await zip.readAll(name, 100 * 1024 * 1024));
  await zip.close();
  return entries;
}

/** One entry of an export's zip as text. */
export async function entryText(path: string, name: string): Promise<string> {
  const text = (await entriesOf(path)).get(name)?.toString('utf8');
  if (text === undefined) throw new Error(`${name} is not in ${path}`);
  return text;
}

/** A new, well-formed zip with the entries changed as `change` says (delete a key to drop an entry). */
export async function rewritten(path: string, change: (entries: Map<string, Buffer>) => void): Promise<string> {
  const entries = await entriesOf(path);
  change(entries);
  const out = scratchPath('tampered.zip');
  const writer = await ZipWriter.create(out, new Date());
  for (const [name, bytes] of entries) await writer.addEntry(name, [bytes]);
  await writer.finish();
  return out;
}

/** The export's manifest, changed by `edit`, serialised again and signed with `key`. */
export function resign(entries: Map<string, Buffer>, key: TestKey, edit: (manifest: Manifest) => void): void {
  const parsed = parseManifest(entries.get('manifest.json') as Buffer);
  if (!parsed.ok) throw new Error(parsed.message);
  edit(parsed.manifest);
  parsed.manifest.signer = { publicKey: key.publicKey, fingerprint: key.fingerprint };
  const signed = signManifest(parsed.manifest, key);
  entries.set('manifest.json', signed.manifest);
  entries.set('manifest.sig', Buffer.from(signed.signature));
}

export { manifestBytes };
