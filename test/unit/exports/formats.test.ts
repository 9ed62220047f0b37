// The export formats from a fixed hand-written history, byte for byte against golden files in
// golden/ (UPDATE_GOLDEN=1 writes them again; read every line before committing a change), and
// the canonical files read back to identical entries.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../preload/contract/history';
import { accountantLines } from '../../../main/core/exports/formats/accountant-csv';
import { CanonicalCsvReader, canonicalCsvLines } from '../../../main/core/exports/formats/canonical-csv';
import { JsonRowsReader, jsonRowsLines } from '../../../main/core/exports/formats/json-rows';
import { noneExcluded } from '../../../main/core/exports/formats/tax-mapping';
import { RowPricer } from '../../../main/core/exports/pricing/row-pricer';
import { historyRows } from '../../support/history-rows';
import { FIXTURE_HISTORY, FIXTURE_PRICES, FIXTURE_PROFILE } from './fixture';

const pricer = new RowPricer(FIXTURE_PRICES);

const GOLDEN = join(__dirname, 'golden');

function matchesGolden(name: string, text: string): void {
  const path = join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(path)) writeFileSync(path, text);
  expect(Buffer.from(text, 'utf8').equals(readFileSync(path)), `${name} differs from its golden file`).toBe(true);
}

/** The entries as review would get them: explorerUrl is not exported. */
const asExported = (entries: readonly HistoryEntry[]) => entries.map((entry) => ({ ...entry, explorerUrl: null }));

function readCanonical(text: string, chunk: number): HistoryEntry[] {
  const rows: HistoryEntry[] = [];
  const reader = new CanonicalCsvReader((entry) => rows.push(entry));
  for (let at = 0; at < text.length; at += chunk) reader.push(text.slice(at, at + chunk));
  reader.end();
  return rows;
}

function readJson(text: string, chunk: number): HistoryEntry[] {
  const rows: HistoryEntry[] = [];
  const reader = new JsonRowsReader((entry) => rows.push(entry));
  for (let at = 0; at < text.length; at += chunk) reader.push(text.slice(at, at + chunk));
  reader.end();
  return rows;
}

describe('canonical transactions.csv', () => {
  const text = [...canonicalCsvLines(FIXTURE_HISTORY, pricer)].join('');

  it('matches its golden file byte for byte: CRLF, no BOM, amounts as stored, guarded text', () => {
    matchesGolden('transactions.csv', text);
    expect(text.startsWith('id,created_at,')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(FIXTURE_HISTORY.length + 2);
  });

  it('reads back to identical entries, whatever the chunk boundaries', () => {
    for (const chunk of [1, 7, 64, text.length]) expect(readCanonical(text, chunk)).toEqual(asExported(FIXTURE_HISTORY));
  });

  it('keeps null and the empty string apart, and a cell that starts with an apostrophe', () => {
    const [back] = readCanonical([...canonicalCsvLines([{ ...FIXTURE_HISTORY[0]!, paymentId: '', network: null, comment: "'=1" }])].join(''), 100);
    expect(back).toMatchObject({ paymentId: '', network: null, comment: "'=1" });
  });

  it('refuses a file that is not Coffer\'s CSV, naming the row', () => {
    expect(() => readCanonical('a,b\r\n', 10)).toThrow(/column names/);
    const header = text.slice(0, text.indexOf('\r\n') + 2);
    expect(() => readCanonical(`${header}1,2\r\n`, 10)).toThrow(/row 1: 2 cells/);
    const badDirection = [...canonicalCsvLines([{ ...FIXTURE_HISTORY[0]!, direction: 'sideways' as 'in' }])].join('');
    expect(() => readCanonical(badDirection, 100)).toThrow(/row 1: direction/);
    expect(() => readCanonical(`${header}"unterminated`, 100)).toThrow(/never closed/);
  });
});

describe('transactions.json', () => {
  const text = [...jsonRowsLines(FIXTURE_HISTORY, pricer)].join('');

  it('matches its golden file, one row per line', () => {
    matchesGolden('transactions.json', text);
    expect(JSON.parse(text)).toMatchObject({ format: 'coffer-transactions', version: 1 });
    expect(text.split('\n')).toHaveLength(FIXTURE_HISTORY.length + 3);
  });

  it('reads back to identical entries, whatever the chunk boundaries', () => {
    for (const chunk of [1, 13, text.length]) expect(readJson(text, chunk)).toEqual(asExported(FIXTURE_HISTORY));
  });

  it('every row is spelled as JSON.stringify spells it, escapes and surrogates included', () => {
    const odd = ['say "hi"\\ ok', 'tab\tnew\nline\u0001', 'coffee ☕ 🚀', 'lone \ud83d half', 'Zürich €'];
    const entries = [
      ...historyRows(400, { seed: 7 }),
      ...odd.map((comment, i) => ({ ...FIXTURE_HISTORY[0]!, id: `odd-${i}`, comment, address: comment })),
    ];
    for (const valued of [pricer, undefined]) {
      const lines = [...jsonRowsLines(entries, valued)].slice(1, -1).map((line) => line.replace(/,?\n$/, ''));
      expect(lines).toHaveLength(entries.length);
      // JSON.parse keeps the keys' order, so stringifying again gives the text back only if it was JSON.stringify's own.
      for (const line of lines) expect(JSON.stringify(JSON.parse(line))).toBe(line);
    }
  });

  it('an empty history is a valid file that reads back empty', () => {
    const empty = [...jsonRowsLines([])].join('');
    expect(JSON.parse(empty).rows).toEqual([]);
    expect(readJson(empty, 5)).toEqual([]);
  });

  it('refuses a truncated or rearranged file', () => {
    expect(() => readJson(text.slice(0, -4), 50)).toThrow(/does not end with a line break|before its rows are closed/);
    expect(() => readJson(text.replace('},\n{', '}\n{'), 50)).toThrow(/not separated by commas/);
    expect(() => readJson('{"rows":[]}\n', 50)).toThrow(/does not start/);
  });
});

describe('accountant formats', () => {
  it('Koinly universal matches its golden file and counts what it left out', () => {
    const excluded = noneExcluded();
    const text = [...accountantLines('koinly', FIXTURE_HISTORY, { profileName: FIXTURE_PROFILE, pricer }, excluded)].join('');
    matchesGolden('koinly.csv', text);
    expect(text.startsWith('Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash\r\n')).toBe(true);
    expect(excluded).toEqual({ notSuccessful: 1, internalTransfer: 2, chainSwitch: 1 });
  });

  it('CoinTracking matches its golden file and counts what it left out', () => {
    const excluded = noneExcluded();
    const text = [...accountantLines('cointracking', FIXTURE_HISTORY, { profileName: FIXTURE_PROFILE, pricer }, excluded)].join('');
    matchesGolden('cointracking.csv', text);
    expect(text.startsWith('"Type","Buy","Cur.","Sell","Cur.","Fee","Cur.","Exchange","Group","Comment","Date","Tx-ID","Buy Value in Account Currency","Sell Value in Account Currency"\r\n')).toBe(true);
    expect(excluded).toEqual({ notSuccessful: 1, internalTransfer: 2, chainSwitch: 1 });
  });
});
