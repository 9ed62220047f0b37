// The cell rules every export file shares: the formula guard (and its exact reversal), RFC 4180
// quoting, null against the empty string, and the record reader on awkward input.
import { describe, expect, it } from 'vitest';
import { amountCell, cellText, textCell } from '../../../main/core/exports/csv/cells';
import { CsvRecordCounter, CsvRecordParser, type CsvRecord } from '../../../main/core/exports/csv/records';

function parse(text: string, chunk = text.length): CsvRecord[] {
  const records: CsvRecord[] = [];
  const parser = new CsvRecordParser((cells) => records.push(cells));
  for (let at = 0; at < text.length; at += chunk) parser.push(text.slice(at, at + chunk));
  parser.end();
  return records;
}

describe('the formula guard', () => {
  it.each(['=SUM(A1)', '+1', '-2', '@x', '\tx', '\rx', "'already"])('prefixes %j with an apostrophe and the reader takes it off again', (value) => {
    const cell = textCell(value);
    expect(cell.replace(/^"/, '').startsWith("'")).toBe(true);
    const [record] = parse(`${cell}\r\n`);
    expect(cellText(record?.[0] ?? null)).toBe(value);
  });

  it('leaves ordinary text alone', () => {
    expect(textCell('BTC')).toBe('BTC');
    expect(textCell('a=b')).toBe('a=b');
  });

  it('writes plain decimal amounts as numbers, a negative one too, and guards anything else', () => {
    expect(amountCell('-2')).toBe('-2');
    expect(amountCell('0.000000000000000001')).toBe('0.000000000000000001');
    expect(amountCell('=1+1')).toBe("'=1+1");
    expect(amountCell(null)).toBe('');
  });
});

describe('RFC 4180 cells and records', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(textCell('a,b')).toBe('"a,b"');
    expect(textCell('say "hi"')).toBe('"say ""hi"""');
    expect(textCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('tells null (empty) from the empty string ("")', () => {
    expect(textCell(null)).toBe('');
    expect(textCell('')).toBe('""');
    expect(parse(',"",x\r\n')).toEqual([[null, '', 'x']]);
  });

  it('reads the same records whatever the chunk size, and a last record without a line break', () => {
    const text = 'a,"b\r\nc",""""\r\nd,,\r\n"e"';
    const expected = [['a', 'b\r\nc', '"'], ['d', null, null], ['e']];
    for (const chunk of [1, 2, 3, 5, text.length]) expect(parse(text, chunk)).toEqual(expected);
  });

  it('refuses malformed text, naming the record', () => {
    expect(() => parse('a\r\nb"c\r\n')).toThrow(/record 2: a quote inside an unquoted cell/);
    expect(() => parse('"a"b\r\n')).toThrow(/record 1: text after a closing quote/);
    expect(() => parse('"open')).toThrow(/never closed/);
    expect(() => parse('a\rb')).toThrow(/carriage return without a line feed/);
  });

  it('reads plain lines whole exactly as cell by cell, and leaves any other line to the cell reader', () => {
    const text = 'a,,b\r\nc,"q",d\r\n,\r\n\r\ne,f\ng\r\n';
    const expected = [['a', null, 'b'], ['c', 'q', 'd'], [null, null], [null], ['e', 'f'], ['g']];
    for (const chunk of [1, 4, text.length]) expect(parse(text, chunk)).toEqual(expected);
    expect(() => parse('a,b\r\nc\rd,e\r\n')).toThrow(/record 2: a carriage return without a line feed/);
    expect(() => parse('a,b\r\nc,d"\r\n')).toThrow(/record 2: a quote inside an unquoted cell/);
    const capped = (text: string) => {
      const parser = new CsvRecordParser(() => undefined, { maxRecordChars: 8 });
      parser.push(text);
      parser.end();
    };
    expect(() => capped('1,2,3\n')).not.toThrow();
    expect(() => capped('1,2,3,4,5,6\n')).toThrow(/record 1: the record is longer than 8 characters/);
  });

  it('counts records leniently, whatever the text', () => {
    const counter = new CsvRecordCounter();
    counter.push('h\r\n"a\r\nb",1\r\n"unbalanced\r\n');
    expect(counter.total()).toBe(3);
  });
});
