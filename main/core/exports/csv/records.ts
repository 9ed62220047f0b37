// Reads RFC 4180 CSV text as it arrives, chunk by chunk, one record at a time: quoted fields may
// hold commas, doubled quotes and line breaks; records end with CRLF (a bare LF is accepted).
// Each cell comes back as its text, or null when it was empty and unquoted, which is how the
// export writes null (an empty string is written "" and comes back as ''). Malformed text (a
// quote inside an unquoted cell, text after a closing quote, an unterminated quote) is an error
// naming the record, never a guess.

export class CsvFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvFormatError';
  }
}

export type CsvRecord = (string | null)[];

const QUOTE = 34;
const COMMA = 44;
const CR = 13;
const LF = 10;

interface Parsed {
  cells: CsvRecord;
  next: number;
}

export class CsvRecordParser {
  private rest = '';
  private recordNo = 0;

  /** `onRecord` gets each record with its 1-based number (the header is record 1). */
  constructor(private readonly onRecord: (cells: CsvRecord, recordNo: number) => void) {}

  push(text: string): void {
    this.consume(this.rest + text, false);
  }

  /** The end of the text: a last record without a line break is still a record. */
  end(): void {
    if (this.rest !== '') this.consume(this.rest, true);
    this.rest = '';
  }

  private consume(buffer: string, final: boolean): void {
    let position = 0;
    while (position < buffer.length) {
      const parsed = this.parseRecord(buffer, position, final);
      if (parsed === null) break;
      this.recordNo += 1;
      this.onRecord(parsed.cells, this.recordNo);
      position = parsed.next;
    }
    this.rest = buffer.slice(position);
  }

  /** The record starting at `start`, or null when the buffer ends inside it (more text is needed). */
  private parseRecord(buffer: string, start: number, final: boolean): Parsed | null {
    const cells: CsvRecord = [];
    const length = buffer.length;
    let position = start;
    for (;;) {
      let cell: string | null;
      if (buffer.charCodeAt(position) === QUOTE) {
        let text = '';
        let from = position + 1;
        for (;;) {
          const close = buffer.indexOf('"', from);
          if (close === -1 || (close + 1 === length && !final)) {
            if (final) throw this.error('a quoted cell is never closed');
            return null;
          }
          text += buffer.slice(from, close);
          if (buffer.charCodeAt(close + 1) === QUOTE) {
            text += '"';
            from = close + 2;
            continue;
          }
          position = close + 1;
          break;
        }
        cell = text;
      } else {
        let end = position;
        while (end < length) {
          const code = buffer.charCodeAt(end);
          if (code === COMMA || code === CR || code === LF) break;
          if (code === QUOTE) throw this.error('a quote inside an unquoted cell');
          end += 1;
        }
        cell = end === position ? null : buffer.slice(position, end);
        position = end;
      }
      cells.push(cell);
      if (position >= length) {
        if (!final) return null;
        return { cells, next: position };
      }
      const code = buffer.charCodeAt(position);
      if (code === COMMA) {
        position += 1;
        if (position >= length && !final) return null;
        continue;
      }
      if (code === LF) return { cells, next: position + 1 };
      if (code === CR) {
        if (position + 1 >= length) {
          if (!final) return null;
          throw this.error('a carriage return without a line feed');
        }
        if (buffer.charCodeAt(position + 1) !== LF) throw this.error('a carriage return without a line feed');
        return { cells, next: position + 2 };
      }
      throw this.error('text after a closing quote');
    }
  }

  private error(what: string): CsvFormatError {
    return new CsvFormatError(`record ${this.recordNo + 1}: ${what}`);
  }
}

/**
 * Counts records the lenient way (line breaks outside quotes), for telling how many rows a file
 * that failed its hash holds: it never throws, whatever the text.
 */
export class CsvRecordCounter {
  private inQuotes = false;
  private pending = false;
  records = 0;

  push(text: string): void {
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      if (code === QUOTE) this.inQuotes = !this.inQuotes;
      if (code === LF && !this.inQuotes) {
        this.records += 1;
        this.pending = false;
      } else if (code !== CR) {
        this.pending = true;
      }
    }
  }

  /** Records, counting a last one without a line break. */
  total(): number {
    return this.records + (this.pending ? 1 : 0);
  }
}
