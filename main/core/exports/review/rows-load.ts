// A history export's rows, stored once its verdict is known (the data file was hashed in full and
// matched): the data file is inflated again, parsed, and written to the review's database by the
// bulk loader. Its first rows also go to a small database of their own, finished and closed at
// once, so the page can show them while the rest are stored; main is told when they can be read.
import { isAscii } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import Database from 'better-sqlite3';
import type { HistoryEntry } from '../../../../preload/contract/history';
import { bulkLoader } from '../../history/bulk-load';
import { CanonicalCsvReader } from '../formats/canonical-csv';
import { JsonRowsReader } from '../formats/json-rows';
import { bindingOptions } from '../sqlite-binding';
import type { WorkerChannel } from '../worker-channel';
import { ZipReader } from '../zip/reader';

/** Entries per loader call: large transactions, a few MiB of entries held at a time. */
const BATCH = 2_500;
/** The rows shown while the rest are stored: a few screens of the table, written in milliseconds. */
export const FIRST_ROWS = 2_000;

export interface RowsLoadPlace {
  zipPath: string;
  dataFile: string;
  /** The review's database, filled with every row. */
  dbPath: string;
  /** The database of the first rows alone. */
  firstRowsPath: string;
  nativeBinding?: string;
}

/**
 * Stores every row of the data file; `firstRowsReady` is awaited once the first rows can be read
 * (as soon as the chunk that completes them is parsed). Returns the rows stored; throws what
 * stopped them.
 */
export async function loadRows(place: RowsLoadPlace, expected: number, channel: WorkerChannel, firstRowsReady: (rows: number) => Promise<void>): Promise<number> {
  const zip = await ZipReader.open(place.zipPath);
  const db = new Database(place.dbPath, bindingOptions(place.nativeBinding));
  try {
    // A scratch copy, thrown away with the review (the loader sets it up so).
    const loader = bulkLoader(db);
    let batch: HistoryEntry[] = [];
    let first: HistoryEntry[] | null = [];
    let loaded = 0;
    const onEntry = (entry: HistoryEntry) => {
      batch.push(entry);
      if (first !== null && first.length < FIRST_ROWS) first.push(entry);
    };
    const reader = place.dataFile.endsWith('.json') ? new JsonRowsReader(onEntry) : new CanonicalCsvReader(onEntry);
    const decoder = new StringDecoder('utf8');
    const store = (all: boolean) => {
      if (batch.length < (all ? 1 : BATCH)) return;
      loaded += loader.add(batch);
      batch = [];
      channel.progress(loaded, expected, 'loading');
    };
    const showFirst = async () => {
      if (first === null) return;
      writeFirstRows(place, first);
      const rows = first.length;
      first = null;
      await firstRowsReady(rows);
    };
    for await (const chunk of zip.read(place.dataFile)) {
      reader.push(textOf(chunk, decoder));
      if (first !== null && first.length >= FIRST_ROWS) await showFirst();
      store(false);
    }
    reader.push(decoder.end());
    reader.end();
    await showFirst();
    store(true);
    channel.progress(loaded, expected, 'loading', true);
    loader.finish();
    return loaded;
  } finally {
    db.close();
    await zip.close();
  }
}

function writeFirstRows(place: RowsLoadPlace, entries: readonly HistoryEntry[]): void {
  const db = new Database(place.firstRowsPath, bindingOptions(place.nativeBinding));
  try {
    const loader = bulkLoader(db);
    loader.add(entries);
    loader.finish();
  } finally {
    db.close();
  }
}

/**
 * The chunk's text, as the decoder would give it. A chunk of ASCII alone (nearly every chunk of an
 * export) is copied as it is, without UTF-8 decoding; what the decoder still held of a character
 * cut by the last chunk is ended first, exactly as writing this chunk to it would have.
 */
export function textOf(chunk: Buffer, decoder: StringDecoder): string {
  return isAscii(chunk) ? decoder.end() + chunk.toString('latin1') : decoder.write(chunk);
}
