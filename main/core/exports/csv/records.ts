// Reads RFC 4180 CSV text as it arrives, chunk by chunk, one record at a time: quoted fields may
// hold commas, doubled quotes and line breaks; records end with CRLF (a bare LF is accepted).
// Each cell comes back as its text, or null when it was empty and unquoted, which is how the
// export writes null (an empty string is written "" and comes back as ''). Malformed text (a
// quote inside an unquoted cell, text after a closing quote, an unterminated quote) is an error
// naming the record, never a guess. The reader is a state machine that looks at each character
// once, whatever the chunk boundaries (a whole line with no quote in it, the common record, is
// split in one go: what the machine would make of it, at a fraction of the cost), and holds at
// most one record: a record longer than MAX_RECORD_CHARS is refused, so a hostile file costs
// neither quadratic time nor its size in memory.

export class CsvFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvFormatError';
  }
}

export type CsvRecord = (string | null)[];

/** Far longer than any record Coffer writes (a few hundred characters), far shorter than memory; counted up to the record's final line feed. */
export const MAX_RECORD_CHARS = 1024 * 1024;

const QUOTE = 34;
const COMMA = 44;
const CR = 13;
const LF = 10;

const State = {
  /** At the start of a cell (of a record, when no cell is held yet). */
  cellStart: 0,
  unquoted: 1,
  quoted: 2,
  /** A quote inside a quoted cell: the closing one, or the first of a doubled pair. */
  quoteInQuoted: 3,
  /** A carriage return that ended a cell: a line feed must follow. */
  carriageReturn: 4,
} as const;
type State = (typeof State)[keyof typeof State];

export interface CsvReadOptions {
  /** Named in errors (the file's name in the archive). */
  source?: string;
  maxRecordChars?: number;
}

export class CsvRecordParser {
  private state: State = State.cellStart;
  private cells: CsvRecord = [];
  private cell = '';
  /** Characters of the record read so far, separators included. */
  private recordChars = 0;
  private recordNo = 0;
  private readonly source: string;
  private readonly maxRecordChars: number;

  /** `onRecord` gets each record with its 1-based number (the header is record 1). */
  constructor(private readonly onRecord: (cells: CsvRecord, recordNo: number) => void, options: CsvReadOptions = {}) {
    this.source = options.source === undefined ? '' : `${options.source}, `;
    this.maxRecordChars = options.maxRecordChars ?? MAX_RECORD_CHARS;
  }

  push(text: string): void {
    const length = text.length;
    let position = 0;
    // Where the next quote and carriage return are (-1: none in the text), found once and again
    // only when passed, so the look-ahead of plain lines stays linear.
    let quote = -2;
    let carriageReturn = -2;
    while (position < length) {
      if (this.state === State.cellStart && this.cells.length === 0) {
        if (quote !== -1 && quote < position) quote = text.indexOf('"', position);
        if (carriageReturn !== -1 && carriageReturn < position) carriageReturn = text.indexOf('\r', position);
        const lineFeed = text.indexOf('\n', position);
        const next = this.plainLine(text, position, lineFeed, quote, carriageReturn);
        if (next !== -1) {
          position = next;
          continue;
        }
      }
      const started = position;
      const recordsBefore = this.recordNo;
      position = this.step(text, position);
      // A step that ends a record stops right after it: nothing of the next one is counted yet.
      if (this.recordNo !== recordsBefore) {
        this.recordChars = 0;
        continue;
      }
      this.recordChars += position - started;
      if (this.recordChars > this.maxRecordChars) {
        throw this.error(`the record is longer than ${this.maxRecordChars.toLocaleString('en')} characters, far more than an export holds`);
      }
    }
  }

  /**
   * The common record, read whole in one go: no quote, no carriage return but the one before its
   * line feed, within the length cap. Its cells are what the state machine would make of it.
   * Returns where the next record starts, or -1 when the record is not such a line.
   */
  private plainLine(text: string, position: number, lineFeed: number, quote: number, carriageReturn: number): number {
    if (lineFeed === -1 || lineFeed - position + 1 > this.maxRecordChars) return -1;
    if (quote !== -1 && quote < lineFeed) return -1;
    const bodyEnd = carriageReturn === lineFeed - 1 ? lineFeed - 1 : lineFeed;
    if (carriageReturn !== -1 && carriageReturn < bodyEnd) return -1;
    const cells: CsvRecord = text.slice(position, bodyEnd).split(',');
    for (let index = 0; index < cells.length; index += 1) if (cells[index] === '') cells[index] = null;
    this.recordNo += 1;
    this.onRecord(cells, this.recordNo);
    return lineFeed + 1;
  }

  /** The end of the text: a last record without a line break is still a record. */
  end(): void {
    switch (this.state) {
      case State.quoted:
        throw this.error('a quoted cell is never closed');
      case State.carriageReturn:
        throw this.error('a carriage return without a line feed');
      case State.cellStart:
        // A record ended by its line break is done; one ended by a comma has a last, empty cell.
        if (this.cells.length > 0) this.endRecord(null);
        break;
      default:
        this.endRecord(this.cell);
    }
  }

  /** Reads on from `position` in the current state; returns where it stopped (after at least one character). */
  private step(text: string, position: number): number {
    const code = text.charCodeAt(position);
    switch (this.state) {
      case State.cellStart:
        if (code === QUOTE) {
          this.cell = '';
          this.state = State.quoted;
          return position + 1;
        }
        if (code === COMMA || code === CR || code === LF) {
          this.endCell(null, code);
          return position + 1;
        }
        this.cell = '';
        this.state = State.unquoted;
        return this.unquoted(text, position);
      case State.unquoted:
        return this.unquoted(text, position);
      case State.quoted: {
        const close = text.indexOf('"', position);
        if (close === -1) {
          this.cell += text.slice(position);
          return text.length;
        }
        this.cell += text.slice(position, close);
        this.state = State.quoteInQuoted;
        return close + 1;
      }
      case State.quoteInQuoted:
        if (code === QUOTE) {
          this.cell += '"';
          this.state = State.quoted;
          return position + 1;
        }
        if (code !== COMMA && code !== CR && code !== LF) throw this.error('text after a closing quote');
        this.endCell(this.cell, code);
        return position + 1;
      case State.carriageReturn:
        if (code !== LF) throw this.error('a carriage return without a line feed');
        this.endRecord(undefined);
        return position + 1;
    }
  }

  /** An unquoted cell up to its separator (or the end of the text, the cell going on in the next). */
  private unquoted(text: string, position: number): number {
    const length = text.length;
    let end = position;
    while (end < length) {
      const code = text.charCodeAt(end);
      if (code === COMMA || code === CR || code === LF) {
        this.endCell(this.cell + text.slice(position, end), code);
        return end + 1;
      }
      if (code === QUOTE) throw this.error('a quote inside an unquoted cell');
      end += 1;
    }
    this.cell += text.slice(position, end);
    return end;
  }

  /** A cell ended by `separator`: the next cell, a carriage return to check, or the record's end. */
  private endCell(cell: string | null, separator: number): void {
    this.cell = '';
    if (separator === COMMA) {
      this.cells.push(cell);
      this.state = State.cellStart;
    } else if (separator === CR) {
      this.cells.push(cell);
      this.state = State.carriageReturn;
    } else {
      this.endRecord(cell);
    }
  }

  /** Ends the record with `last` as its last cell (undefined: the cells are all held already). */
  private endRecord(last: string | null | undefined): void {
    const cells = this.cells;
    if (last !== undefined) cells.push(last);
    this.cells = [];
    this.cell = '';
    this.state = State.cellStart;
    this.recordNo += 1;
    this.onRecord(cells, this.recordNo);
  }

  private error(what: string): CsvFormatError {
    return new CsvFormatError(`${this.source}record ${this.recordNo + 1}: ${what}`);
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
