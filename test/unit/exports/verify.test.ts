// Verification of signed exports: an intact export from a trusted key is verified; every way of
// changing one is caught and said in plain words, each as its own case.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationExitCode, verifyExport } from '../../../main/core/exports/verify';
import { FIXTURE_HISTORY } from './fixture';
import { entriesOf, makeExport, removeScratch, resign, rewritten, scratchPath, testKey, trustOnly, type TestKey } from './signed-export';

const CSV = 'transactions.csv';
const crlfLines = (bytes: Buffer) => bytes.toString('utf8').split('\r\n');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let desk: TestKey;
let csvExport: string;
let koinlyExport: string;

afterAll(removeScratch);

beforeAll(async () => {
  desk = testKey();
  csvExport = await makeExport(desk, 'csv');
  koinlyExport = await makeExport(desk, 'koinly');
});

describe('an intact export', () => {
  it('is verified when its signer is trusted, with the manifest it carries', async () => {
    const result = await verifyExport(csvExport, trustOnly(desk));
    expect(result.problems).toEqual([]);
    expect(result).toMatchObject({ verified: true, intact: true, dataFile: CSV });
    expect(result.manifest).toMatchObject({ rowCount: FIXTURE_HISTORY.length, format: 'csv', profileName: 'Treasury desk', signerFingerprint: desk.fingerprint });
    expect(result.manifest?.from).toBe(FIXTURE_HISTORY[0]?.createdAt);
    expect(result.signer).toMatchObject({ publicKey: desk.publicKey, trusted: true, label: 'This installation' });
    expect(verificationExitCode(result)).toBe(0);
  });

  it('from an unknown key is intact but not verified, naming the fingerprint', async () => {
    const result = await verifyExport(csvExport, trustOnly(testKey()));
    expect(result).toMatchObject({ verified: false, intact: true });
    expect(result.problems).toEqual([{ kind: 'unknownKey', message: `Signed by a key this installation does not trust (fingerprint ${desk.fingerprint})` }]);
    expect(verificationExitCode(result)).toBe(2);
  });

  it('koinly exports list both files with their rows and what was left out', async () => {
    const result = await verifyExport(koinlyExport, trustOnly(desk));
    expect(result.verified).toBe(true);
    expect(result.manifest?.files.map((file) => [file.name, file.rows])).toEqual([['koinly.csv', 10], [CSV, FIXTURE_HISTORY.length]]);
    expect(result.signed?.excluded).toEqual({ notSuccessful: 1, internalTransfer: 2, chainSwitch: 1 });
  });
});

describe('the time zone of an export', () => {
  it('is stated in the signed manifest, and read back for the reviewer', async () => {
    const manifest = JSON.parse(((await entriesOf(csvExport)).get('manifest.json') as Buffer).toString('utf8')) as { timeZone?: string };
    expect(manifest.timeZone).toBe('UTC');
    expect((await verifyExport(csvExport, trustOnly(desk))).manifest?.timeZone).toBe('UTC');
  });

  /** The export with its manifest text edited and signed again by the desk. */
  async function withManifestText(edit: (text: string) => string): Promise<string> {
    const entries = await entriesOf(csvExport);
    const text = edit((entries.get('manifest.json') as Buffer).toString('utf8'));
    return rewritten(csvExport, (copy) => {
      copy.set('manifest.json', Buffer.from(text));
      copy.set('manifest.sig', Buffer.from(desk.sign(Buffer.from(text)).toString('base64')));
    });
  }

  it('an older export that did not state it is still verified, its zone unknown', async () => {
    const path = await withManifestText((text) => text.replace(/\n {2}"timeZone": "UTC",/, ''));
    expect((await entriesOf(path)).get('manifest.json')?.toString('utf8')).not.toContain('timeZone');
    const result = await verifyExport(path, trustOnly(desk));
    expect(result.problems).toEqual([]);
    expect(result.verified).toBe(true);
    expect(result.manifest?.timeZone).toBeNull();
  });

  it('a manifest claiming another zone is not read as a Coffer manifest, and names the field', async () => {
    const path = await withManifestText((text) => text.replace('"timeZone": "UTC"', '"timeZone": "CET"'));
    const result = await verifyExport(path, trustOnly(desk));
    expect(result.verified).toBe(false);
    expect(result.problems.map((problem) => problem.message).join(' ')).toContain('timeZone');
  });
});

describe('a changed export', () => {
  const kinds = async (path: string) => (await verifyExport(path, trustOnly(desk))).problems.map((problem) => problem.kind);

  it('an altered row: the file changed, the row count did not', async () => {
    const path = await rewritten(csvExport, (entries) => {
      entries.set(CSV, Buffer.from((entries.get(CSV) as Buffer).toString('utf8').replace('0.50000000', '5.00000000')));
    });
    const result = await verifyExport(path, trustOnly(desk));
    expect(result.problems.map((problem) => problem.kind)).toEqual(['fileChanged', 'rowsChanged']);
    expect(result.problems[1]?.message).toBe(`${CSV} has the 15 rows the manifest says, but their content was changed`);
    expect(result).toMatchObject({ intact: false, verified: false });
    expect(verificationExitCode(result)).toBe(1);
  });

  it('a removed row', async () => {
    const path = await rewritten(csvExport, (entries) => {
      const lines = crlfLines(entries.get(CSV) as Buffer);
      lines.splice(3, 1);
      entries.set(CSV, Buffer.from(lines.join('\r\n')));
    });
    const result = await verifyExport(path, trustOnly(desk));
    expect(result.problems.map((problem) => problem.kind)).toEqual(['fileChanged', 'rowsRemoved']);
    expect(result.problems[1]?.message).toBe(`${CSV} has 14 rows; the manifest says 15`);
  });

  it('an added row', async () => {
    const path = await rewritten(csvExport, (entries) => {
      const lines = crlfLines(entries.get(CSV) as Buffer);
      lines.splice(2, 0, lines[1] as string);
      entries.set(CSV, Buffer.from(lines.join('\r\n')));
    });
    expect(await kinds(path)).toEqual(['fileChanged', 'rowsAdded']);
  });

  it('a data file replaced by another export\'s', async () => {
    const other = await makeExport(desk, 'csv', FIXTURE_HISTORY.slice(0, 3));
    const data = (await entriesOf(other)).get(CSV) as Buffer;
    const replaced = await rewritten(csvExport, (entries) => entries.set(CSV, data));
    const result = await verifyExport(replaced, trustOnly(desk));
    expect(result.problems.map((problem) => problem.kind)).toEqual(['fileChanged', 'rowsRemoved']);
    expect(result.problems[0]?.message).toBe(`${CSV} was changed after the export was signed`);
  });

  it('damaged bytes inside the archive: the file cannot be read as it was signed', async () => {
    const bytes = readFileSync(csvExport);
    bytes[300] = (bytes[300] as number) ^ 0x41;
    const path = scratchPath('damaged.zip');
    writeFileSync(path, bytes);
    const result = await verifyExport(path, trustOnly(desk));
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ kind: 'fileChanged', file: CSV });
    expect(result.problems[0]?.message).toMatch(/^transactions\.csv (is damaged|holds more data|is shorter).* — it is not the file that was signed$/);
  });

  it('an added file', async () => {
    const path = await rewritten(csvExport, (entries) => entries.set('readme.txt', Buffer.from('trust me')));
    const result = await verifyExport(path, trustOnly(desk));
    expect(result.problems).toEqual([{ kind: 'fileAdded', message: 'readme.txt was added to the export: the manifest does not list it', file: 'readme.txt' }]);
  });

  it('a missing file', async () => {
    const path = await rewritten(koinlyExport, (entries) => entries.delete('koinly.csv'));
    expect(await kinds(path)).toEqual(['fileMissing']);
  });

  it('a manifest edited after signing: bad signature, nothing else is believed', async () => {
    const path = await rewritten(csvExport, (entries) => {
      entries.set('manifest.json', Buffer.from((entries.get('manifest.json') as Buffer).toString('utf8').replace('"rowCount": 15', '"rowCount": 16')));
    });
    const result = await verifyExport(path, trustOnly(desk));
    expect(result.problems).toEqual([{ kind: 'badSignature', message: 'The signature does not match: the manifest was changed after it was signed', file: 'manifest.json' }]);
    expect(result).toMatchObject({ manifest: null, signer: null, intact: false });
  });

  it('data rewritten with hashes recomputed and the manifest re-signed by another key: unknown key', async () => {
    const attacker = testKey();
    const path = await rewritten(csvExport, (entries) => {
      const data = Buffer.from((entries.get(CSV) as Buffer).toString('utf8').replace('0.50000000', '5.00000000'));
      entries.set(CSV, data);
      resign(entries, attacker, (manifest) => {
        manifest.files = manifest.files.map((file) => (file.name === CSV ? { ...file, sha256: sha256(data), bytes: data.length } : file));
      });
    });
    const result = await verifyExport(path, trustOnly(desk));
    expect(result.problems).toEqual([{ kind: 'unknownKey', message: `Signed by a key this installation does not trust (fingerprint ${attacker.fingerprint})` }]);
    expect(result).toMatchObject({ intact: true, verified: false });
    expect(result.signer?.fingerprint).toBe(attacker.fingerprint);
  });

  it('a newer format version is unsupported, said as such', async () => {
    const path = await rewritten(csvExport, (entries) => {
      const text = (entries.get('manifest.json') as Buffer).toString('utf8').replace('"formatVersion": 1', '"formatVersion": 2');
      entries.set('manifest.json', Buffer.from(text));
    });
    const result = await verifyExport(path, trustOnly(desk));
    expect(result.problems.map((problem) => problem.kind)).toEqual(['unsupported']);
    expect(result.problems[0]?.message).toMatch(/format version 2/);
  });

  it('not an export at all: a text file, or a zip without a manifest', async () => {
    const text = scratchPath('notes.zip');
    writeFileSync(text, 'just some notes');
    const plain = await rewritten(csvExport, (entries) => {
      entries.delete('manifest.json');
      entries.delete('manifest.sig');
    });
    for (const path of [text, plain, scratchPath('missing.zip')]) {
      const result = await verifyExport(path, trustOnly(desk));
      expect(result.problems.map((problem) => problem.kind)).toEqual(['notExport']);
      expect(verificationExitCode(result)).toBe(1);
    }
  });
});
