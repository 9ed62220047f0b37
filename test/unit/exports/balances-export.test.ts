// A day's balances as a signed export: the CSV reads back to the same rows (exact decimals, an
// unknown price an empty cell, formula text guarded); the archive is signed like a history export
// and its manifest names the day; each tampering is caught in the same words; the command line's
// exit codes; and verify's view of it all.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DateBalances } from '../../../preload/contract/portfolio';
import { verifyCommand } from '../../../main/cli/verify-command';
import { runBalancesExport } from '../../../main/core/exports/balances-export';
import { balancesExportHandlers } from '../../../main/core/exports/balances-handlers';
import { createExportFolders, NOT_CHOSEN, type ExportFolders } from '../../../main/core/exports/export-folders';
import { balancesCsvLines, readBalancesCsv } from '../../../main/core/exports/formats/balances-csv';
import { parseManifest } from '../../../main/core/exports/manifest';
import { verifyExport } from '../../../main/core/exports/verify';
import { fixtureBalances } from './balances-fixture';
import { entriesOf, resign, rewritten, signerOf, testKey, trustOnly, type TestKey } from './signed-export';

const CSV = 'balances-2026-08-31.csv';

let desk: TestKey;
let folder: string;
let exported: string;

const exportBalances = (balances: DateBalances, key = desk) =>
  runBalancesExport(
    { balances, folder, profileName: 'Main desk (EU)', account: 'https://api.example.test (API v3)' },
    { signer: signerOf(key), appVersion: '0.1.0', now: () => new Date('2026-09-01T08:00:00Z') },
  );

beforeAll(async () => {
  desk = testKey();
  folder = mkdtempSync(join(tmpdir(), 'coffer-balances-export-'));
  exported = (await exportBalances(fixtureBalances())).path;
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the balances CSV', () => {
  it('reads back to the same rows: exact decimals, null as an empty cell, formula text guarded', () => {
    const balances = fixtureBalances();
    const text = [...balancesCsvLines(balances)].join('');
    expect(text.split('\r\n')[0]).toBe('currency,amount,price,value,valuation_currency,close_time');
    expect(text).toContain(`"'=HYPERLINK(""x"")",7,,,USDT,2026-08-31T23:59:59.999Z\r\n`);
    expect(text).toContain('ETH,0.000000000000000001,2500,0.0000000000000025,USDT,');
    expect(readBalancesCsv(text, CSV)).toEqual(balances.rows);
  });

  it('refuses a file that is not Coffer’s balances, naming the file and row', () => {
    expect(() => readBalancesCsv('currency,amount\r\nBTC,1\r\n', CSV)).toThrow(`${CSV} does not start with Coffer's column names`);
    expect(() => readBalancesCsv('currency,amount,price,value,valuation_currency,close_time\r\nBTC,,1,1,USDT,x\r\n', CSV)).toThrow(`${CSV} row 1: amount is missing`);
    expect(() => readBalancesCsv('', CSV)).toThrow(`${CSV} is empty`);
  });
});

describe('a balances export', () => {
  it('is one signed zip under its final name, nothing half-written beside it', async () => {
    const result = await exportBalances(fixtureBalances({ day: '2025-12-31', closeAt: '2025-12-31T23:59:59.999Z' }));
    expect(result).toMatchObject({
      fileName: 'coffer-main-desk-eu-20260901-080000-balances-2025-12-31.zip', format: 'balances', rows: 4, fingerprint: desk.fingerprint,
    });
    expect(readdirSync(folder).filter((name) => name.includes('.partial'))).toEqual([]);
    expect(existsSync(result.path)).toBe(true);
  });

  it('is verified, its manifest naming the day, valuation, scope and total, its file and rows', async () => {
    const result = await verifyExport(exported, trustOnly(desk));
    expect(result.problems).toEqual([]);
    expect(result).toMatchObject({ verified: true, intact: true, dataFile: CSV });
    expect(result.manifest).toMatchObject({
      format: 'balances', rowCount: 4, filters: {}, from: '2026-08-31T23:59:59.999Z', till: '2026-08-31T23:59:59.999Z',
      balances: { day: '2026-08-31', closeAt: '2026-08-31T23:59:59.999Z', valuationCurrency: 'USDT', scope: 'all', totalValue: '79011.9839234068000025' },
    });
    expect(result.manifest?.files.map((file) => [file.name, file.rows])).toEqual([[CSV, 4]]);
  });

  it('a manifest saying balances without its day (or a day on a history export) is not a Coffer manifest', async () => {
    const entries = await entriesOf(exported);
    const parsed = parseManifest(entries.get('manifest.json')!);
    expect(parsed.ok && parsed.manifest.balances?.day).toBe('2026-08-31');
    const text = entries.get('manifest.json')!.toString('utf8');
    const withoutDay = text.replace(/,\n {2}"balances": \{[^}]*\}/, '');
    expect(withoutDay).not.toContain('"balances": {');
    expect(parseManifest(Buffer.from(withoutDay))).toMatchObject({ ok: false, kind: 'notExport' });
    expect(parseManifest(Buffer.from(text.replace('"exportFormat": "balances"', '"exportFormat": "csv"')))).toMatchObject({ ok: false, kind: 'notExport' });
  });
});

describe('a changed balances export', () => {
  const tampered = (change: (csv: string) => string) =>
    rewritten(exported, (entries) => entries.set(CSV, Buffer.from(change(entries.get(CSV)!.toString('utf8')))));

  it('a balance row changed: the file changed, its row count did not', async () => {
    const path = await tampered((csv) => csv.replace('BTC,1.23456789', 'BTC,12.3456789'));
    const result = await verifyExport(path, trustOnly(desk));
    expect(result.problems).toEqual([
      { kind: 'fileChanged', message: `${CSV} was changed after the export was signed`, file: CSV },
      { kind: 'rowsChanged', message: `${CSV} has the 4 rows the manifest says, but their content was changed`, file: CSV },
    ]);
    expect(result).toMatchObject({ intact: false, verified: false });
  });

  it('a row removed', async () => {
    const path = await tampered((csv) => csv.replace(/USDT,-0\.5,[^\r]*\r\n/, ''));
    const result = await verifyExport(path, trustOnly(desk));
    expect(result.problems.map((p) => [p.kind, p.message])).toEqual([
      ['fileChanged', `${CSV} was changed after the export was signed`],
      ['rowsRemoved', `${CSV} has 3 rows; the manifest says 4`],
    ]);
  });

  it('the file replaced by another day’s balances file under the same name', async () => {
    const other = [...balancesCsvLines(fixtureBalances({ rows: [{ currency: 'BTC', amount: '100', price: '1', value: '100' }] }))].join('');
    const path = await tampered(() => other);
    const result = await verifyExport(path, trustOnly(desk));
    expect(result.problems.map((p) => p.kind)).toEqual(['fileChanged', 'rowsRemoved']);
    expect(result.intact).toBe(false);
  });

  it('the manifest re-signed by another key over the changed file: intact, but not trusted', async () => {
    const attacker = testKey();
    const path = await rewritten(exported, (entries) => resign(entries, attacker, (manifest) => {
      manifest.balances = { ...manifest.balances!, totalValue: '1' };
    }));
    const result = await verifyExport(path, trustOnly(desk));
    expect(result.problems.map((p) => p.kind)).toEqual(['unknownKey']);
    expect(result.manifest?.balances?.totalValue).toBe('1');
  });
});

describe('coffer verify on a balances export', () => {
  const run = async (file: string, trust: string[] = []) => {
    const lines: string[] = [];
    const code = await verifyCommand({ file, trust, json: false }, join(folder, 'no-installation'), (line) => lines.push(line));
    return { code, lines };
  };

  it('exits 0 when its signer is trusted, saying the day in words', async () => {
    const { code, lines } = await run(exported, [desk.publicKey]);
    expect(code).toBe(0);
    expect(lines[0]).toBe(`Verified: ${exported}`);
    expect(lines).toContain('Balances at the close of 2026-08-31 (2026-08-31T23:59:59.999Z), master and sub-accounts, valued in USDT: total 79011.9839234068000025');
  });

  it('exits 2 when intact but signed by an unknown key, 1 when a row was changed', async () => {
    expect((await run(exported)).code).toBe(2);
    const path = await rewritten(exported, (entries) => entries.set(CSV, Buffer.from(entries.get(CSV)!.toString('utf8').replace('ETH,', 'ETC,'))));
    const changed = await run(path, [desk.publicKey]);
    expect(changed.code).toBe(1);
    expect(changed.lines).toContain(`  - ${CSV} was changed after the export was signed`);
  });
});

describe('exportBalancesOnDate', () => {
  let folders: ExportFolders;
  // The user chose `folder` in the folder dialog.
  beforeAll(async () => {
    folders = createExportFolders({ dataDir: folder, settings: { get: () => null }, chooseFolder: async () => folder });
    await folders.choose();
  });
  const handlerDeps = (asked: string[], syncing = false) => ({
    scope: {
      profile: { id: 'desk-1', name: 'Main desk' },
      portfolio: {
        balancesOnDate: async (request: { day: string; valuationCurrency: string; scope: 'master' | 'all' }) => {
          asked.push(JSON.stringify(request));
          return { ...fixtureBalances({ day: request.day, valuationCurrency: request.valuationCurrency, scope: request.scope }), syncing };
        },
      },
    },
    deps: {
      folders, dataDir: folder, account: () => 'https://api.example.test (API v3)',
      signer: signerOf(desk), appVersion: '0.1.0', workerScript: 'unused', progress: () => undefined,
    },
  });

  it('exports the day the portfolio gives for the request, into the folder the user chose', async () => {
    const asked: string[] = [];
    const { scope, deps } = handlerDeps(asked);
    const result = await balancesExportHandlers(scope, deps).exportBalancesOnDate({ day: '2026-08-31', valuationCurrency: 'EUR', scope: 'master', folder });
    expect(asked).toEqual([JSON.stringify({ day: '2026-08-31', valuationCurrency: 'EUR', scope: 'master' })]);
    if (!result.ok) throw new Error(result.error.message);
    const verified = await verifyExport(result.value.path, trustOnly(desk));
    expect(verified.manifest?.balances).toMatchObject({ valuationCurrency: 'EUR', scope: 'master' });
    expect(verified.manifest?.profileName).toBe('Main desk');
  });

  it('refuses a folder the user did not choose on its field, before working out any balances', async () => {
    const asked: string[] = [];
    const { scope, deps } = handlerDeps(asked);
    await expect(balancesExportHandlers(scope, deps).exportBalancesOnDate({ day: '2026-08-31', valuationCurrency: 'USDT', scope: 'all', folder: join(folder, 'nowhere') }))
      .rejects.toMatchObject({ field: 'folder', message: NOT_CHOSEN });
    expect(asked).toEqual([]);
  });

  it('signs nothing while the history is still being read: older days may still change', async () => {
    const { scope, deps } = handlerDeps([], true);
    const before = readdirSync(folder).sort();
    const result = await balancesExportHandlers(scope, deps).exportBalancesOnDate({ day: '2026-08-31', valuationCurrency: 'USDT', scope: 'master', folder });
    expect(result).toMatchObject({ ok: false, error: { code: 'HISTORY_SYNCING', field: 'day' } });
    expect(readdirSync(folder).sort()).toEqual(before);
  });
});
