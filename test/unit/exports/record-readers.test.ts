// The CSV and JSON row readers as review feeds them: whatever the chunk boundaries they read the
// same records, each character is looked at a bounded number of times (a long record in small
// chunks costs its length, not its length squared), and a record over the cap is refused with an
// error naming the file and the record before it is held.
import { describe, expect, it } from 'vitest';
import { CsvRecordParser, MAX_RECORD_CHARS, type CsvRecord } from '../../../main/core/exports/csv/records';
import { JSON_ROWS_CLOSING, JSON_ROWS_OPENING, JsonRowsReader, jsonRowsLines } from '../../../main/core/exports/formats/json-rows';
import { FIXTURE_HISTORY } from './fixture';

function parseChunks(chunks: readonly string[], options: { source?: string; maxRecordChars?: number } = {}): CsvRecord[] {
  const records: CsvRecord[] = [];
  const parser = new CsvRecordParser((cells) => records.push(cells), options);
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return records;
}

/** The text cut at `cuts` (ascending offsets). */
function cutAt(text: string, cuts: readonly number[]): string[] {
  const chunks: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    chunks.push(text.slice(from, cut));
    from = cut;
  }
  chunks.push(text.slice(from));
  return chunks;
}

const TRICKY = 'id,"a ""quoted"", text","line\r\nbreak",,""\r\n"",x\ny,"\r\n",\r\n\r\n"end"';
const TRICKY_RECORDS: CsvRecord[] = [
  ['id', 'a "quoted", text', 'line\r\nbreak', null, ''],
  ['', 'x'],
  ['y', '\r\n', null],
  [null],
  ['end'],
];

describe('the CSV record reader', () => {
  it('reads the same records with the text cut at any one place, or at any two', () => {
    expect(parseChunks([TRICKY])).toEqual(TRICKY_RECORDS);
    for (let cut = 0; cut <= TRICKY.length; cut += 1) {
      expect(parseChunks(cutAt(TRICKY, [cut])), `cut at ${cut}`).toEqual(TRICKY_RECORDS);
      for (let second = cut; second <= TRICKY.length; second += 1) {
        expect(parseChunks(cutAt(TRICKY, [cut, second])), `cut at ${cut} and ${second}`).toEqual(TRICKY_RECORDS);
      }
    }
    expect(parseChunks([...TRICKY])).toEqual(TRICKY_RECORDS);
  });

  it('refuses a carriage return or a quote out of place wherever the chunk ends', () => {
    for (const [text, what] of [['a\rb\r\n', /record 1: a carriage return without a line feed/], ['"a"b', /record 1: text after a closing quote/], ['x\r\nab"c', /record 2: a quote inside an unquoted cell/], ['a\r', /carriage return/]] as const) {
      for (let cut = 0; cut <= text.length; cut += 1) expect(() => parseChunks(cutAt(text, [cut]))).toThrow(what);
    }
  });

  it('reads a long record in small chunks in time linear in its length', () => {
    const cell = 'x'.repeat(8 * 1024 * 1024);
    const text = `a,${cell},"${cell.slice(0, 1024 * 1024)}"\r\nb\r\n`;
    const started = performance.now();
    let records = 0;
    let longest = 0;
    const parser = new CsvRecordParser((cells) => {
      records += 1;
      longest = Math.max(longest, ...cells.map((c) => c?.length ?? 0));
    }, { maxRecordChars: text.length });
    for (let at = 0; at < text.length; at += 1024) parser.push(text.slice(at, at + 1024));
    parser.end();
    // Re-reading the record from its start on each of its 9,217 chunks would take minutes.
    expect(performance.now() - started).toBeLessThan(3_000);
    expect([records, longest]).toEqual([2, cell.length]);
  });

  it('takes a record of the cap (its final line feed aside), refuses one character more, naming the file and the record', () => {
    const cap = 100;
    const atCap = `${'a'.repeat(cap - 1)}\r\n`;
    expect(parseChunks([atCap, atCap, atCap], { maxRecordChars: cap })).toHaveLength(3);
    const over = `h\r\n"${'b'.repeat(cap - 2)}"\r\n`;
    expect(() => parseChunks([over], { source: 'transactions.csv', maxRecordChars: cap })).toThrow(
      'transactions.csv, record 2: the record is longer than 100 characters, far more than an export holds',
    );
    for (let cut = 0; cut <= over.length; cut += 1) expect(() => parseChunks(cutAt(over, [cut]), { maxRecordChars: cap })).toThrow(/record 2: the record is longer/);
  });

  it('refuses a record over the default cap while holding no more than the cap of it', () => {
    const chunk = 'z'.repeat(64 * 1024);
    const parser = new CsvRecordParser(() => undefined, { source: 'transactions.csv' });
    let pushed = 0;
    const pushUntilRefused = () => {
      for (;;) {
        parser.push(chunk);
        pushed += chunk.length;
      }
    };
    expect(pushUntilRefused).toThrow(/transactions\.csv, record 1: the record is longer than 1,048,576 characters/);
    expect(pushed).toBeLessThanOrEqual(MAX_RECORD_CHARS);
  });
});

describe('the JSON rows reader', () => {
  const text = [...jsonRowsLines(FIXTURE_HISTORY)].join('');
  const readChunks = (chunks: readonly string[], maxLineChars?: number) => {
    const rows: string[] = [];
    const reader = new JsonRowsReader((entry) => rows.push(entry.id), maxLineChars);
    for (const chunk of chunks) reader.push(chunk);
    reader.end();
    return rows;
  };

  it('reads the same rows with the text cut at any place', () => {
    const ids = FIXTURE_HISTORY.map((entry) => entry.id);
    for (let cut = 0; cut <= text.length; cut += 1) expect(readChunks(cutAt(text, [cut])), `cut at ${cut}`).toEqual(ids);
  });

  it('refuses a line over the cap with the file and the line, before holding it', () => {
    const long = `${JSON_ROWS_OPENING}{"id":"${'q'.repeat(200)}"}\n${JSON_ROWS_CLOSING}`;
    for (let cut = 0; cut <= long.length; cut += 7) {
      expect(() => readChunks(cutAt(long, [cut]), 100)).toThrow('transactions.json line 2: the line is longer than 100 characters, far more than a row holds');
    }
  });

  it('reads a long line in small chunks in time linear in its length', () => {
    const comment = 'w'.repeat(8 * 1024 * 1024);
    const [opening, row, closing] = [...jsonRowsLines(FIXTURE_HISTORY.slice(0, 1).map((entry) => ({ ...entry, comment })))] as [string, string, string];
    const comments: number[] = [];
    const started = performance.now();
    const reader = new JsonRowsReader((entry) => comments.push(entry.comment?.length ?? 0), row.length);
    reader.push(opening);
    for (let at = 0; at < row.length; at += 1024) reader.push(row.slice(at, at + 1024));
    reader.push(closing);
    reader.end();
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(comments).toEqual([comment.length]);
  });
});
