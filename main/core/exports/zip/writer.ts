// A zip written as its data is produced: each entry's text is encoded, hashed (SHA-256 and
// CRC-32) and deflated in batches (segment-deflate.ts), so a file of hundreds of megabytes never
// sits in memory as one string. The local header is written first with zero sizes and completed in place once the
// entry ends (the archive is a real file, so it can seek back); the central directory follows the
// last entry. An entry made alongside another (spool.ts) is copied in from its temporary file.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from './crc32';
import {
  CENTRAL_HEADER, CENTRAL_HEADER_SIZE, dosDateTime, END_OF_CENTRAL, END_OF_CENTRAL_SIZE, EXTERNAL_ATTRIBUTES, FLAG_UTF8,
  LOCAL_HEADER, LOCAL_HEADER_SIZE, MAX_UNPACKED_BYTES, METHOD_DEFLATE, TOO_LARGE, UNPACKED_TOO_LARGE, VERSION_MADE_BY, VERSION_NEEDED, ZIP32_LIMIT, ZipError, type EntryRecord,
} from './format';
import { BATCH_BYTES, SegmentDeflater } from './segment-deflate';
import type { EntrySpool, SpooledEntry } from './spool';

export interface WrittenEntry {
  name: string;
  /** Uncompressed bytes. */
  bytes: number;
  sha256: string;
}

export class ZipWriter {
  private offset = 0;
  /** Uncompressed bytes of the entries written so far. */
  private unpacked = 0;
  private readonly entries: EntryRecord[] = [];
  private readonly stamp: { date: number; time: number };

  private constructor(private readonly file: FileHandle, modifiedAt: Date) {
    this.stamp = dosDateTime(modifiedAt);
  }

  /** Creates the file (it must not exist yet). */
  static async create(path: string, modifiedAt: Date): Promise<ZipWriter> {
    return new ZipWriter(await open(path, 'wx'), modifiedAt);
  }

  /**
   * Writes one entry from text (or bytes) as it is produced, in order, or from batches of bytes
   * that arrive (encoded elsewhere: export-blocks.ts). A `companion` spool filled while the parts
   * are produced is waited for between batches, so it never runs far behind.
   */
  async addEntry(name: string, parts: Iterable<string | Uint8Array> | AsyncIterable<Uint8Array>, companion?: EntrySpool): Promise<WrittenEntry> {
    const nameBytes = Buffer.from(name, 'utf8');
    const headerOffset = this.offset;
    await this.write(this.localHeader(nameBytes, 0, 0, 0));
    const sha = createHash('sha256');
    let crc = 0;
    let size = 0;
    const unpackedBefore = this.unpacked;
    const dataStart = this.offset;
    // Batches deflate in the thread pool while the next ones are encoded and hashed here.
    const deflater = new SegmentDeflater((bytes) => this.write(bytes));
    const batches = Symbol.asyncIterator in parts ? parts : encodedBatches(parts);
    for await (const batch of batches) {
      const bytes = Buffer.isBuffer(batch) ? batch : Buffer.from(batch.buffer, batch.byteOffset, batch.byteLength);
      sha.update(bytes);
      crc = crc32(bytes, crc);
      size += bytes.length;
      if (size > ZIP32_LIMIT) throw new ZipError(TOO_LARGE);
      if (unpackedBefore + size > MAX_UNPACKED_BYTES) throw new ZipError(UNPACKED_TOO_LARGE);
      deflater.add(bytes);
      await deflater.ready();
      if (companion !== undefined) await companion.ready();
    }
    await deflater.finish();
    const compressedSize = this.offset - dataStart;
    await this.file.write(this.localHeader(nameBytes, crc, compressedSize, size), 0, LOCAL_HEADER_SIZE + nameBytes.length, headerOffset);
    this.entries.push({ name, crc, compressedSize, size, method: METHOD_DEFLATE, offset: headerOffset });
    this.unpacked += size;
    return { name, bytes: size, sha256: sha.digest('hex') };
  }

  /** Copies in an entry compressed beside the archive (its temporary file is left for the spool to remove). */
  async addSpooled(entry: SpooledEntry): Promise<WrittenEntry> {
    if (this.unpacked + entry.size > MAX_UNPACKED_BYTES) throw new ZipError(UNPACKED_TOO_LARGE);
    const nameBytes = Buffer.from(entry.name, 'utf8');
    const headerOffset = this.offset;
    await this.write(this.localHeader(nameBytes, entry.crc, entry.compressedSize, entry.size));
    await pipeline(createReadStream(entry.path, { highWaterMark: BATCH_BYTES }), this.sink());
    this.entries.push({ name: entry.name, crc: entry.crc, compressedSize: entry.compressedSize, size: entry.size, method: METHOD_DEFLATE, offset: headerOffset });
    this.unpacked += entry.size;
    return { name: entry.name, bytes: entry.size, sha256: entry.sha256 };
  }

  /** The central directory and its end record; closes the file. Returns the archive's size. */
  async finish(): Promise<number> {
    const centralStart = this.offset;
    for (const entry of this.entries) await this.write(centralHeader(entry, this.stamp));
    const centralSize = this.offset - centralStart;
    const end = Buffer.alloc(END_OF_CENTRAL_SIZE);
    end.writeUInt32LE(END_OF_CENTRAL, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(centralSize, 12);
    end.writeUInt32LE(centralStart, 16);
    await this.write(end);
    await this.file.sync();
    await this.file.close();
    return this.offset;
  }

  /** Closes the file after a failure (the caller removes it). */
  async abort(): Promise<void> {
    await this.file.close().catch(() => undefined);
  }

  private localHeader(name: Buffer, crc: number, compressedSize: number, size: number): Buffer {
    const header = Buffer.alloc(LOCAL_HEADER_SIZE + name.length);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION_NEEDED, 4);
    header.writeUInt16LE(FLAG_UTF8, 6);
    header.writeUInt16LE(METHOD_DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    header.writeUInt32LE(crc >>> 0, 14);
    header.writeUInt32LE(compressedSize, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    name.copy(header, LOCAL_HEADER_SIZE);
    return header;
  }

  private async write(bytes: Uint8Array): Promise<void> {
    if (this.offset + bytes.length > ZIP32_LIMIT) throw new ZipError(TOO_LARGE);
    await this.file.write(bytes, 0, bytes.length, this.offset);
    this.offset += bytes.length;
  }

  private sink(): Writable {
    return new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        this.write(chunk).then(() => done(), done);
      },
    });
  }
}

function centralHeader(entry: EntryRecord, stamp: { date: number; time: number }): Buffer {
  const name = Buffer.from(entry.name, 'utf8');
  const header = Buffer.alloc(CENTRAL_HEADER_SIZE + name.length);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(VERSION_MADE_BY, 4);
  header.writeUInt16LE(VERSION_NEEDED, 6);
  header.writeUInt16LE(FLAG_UTF8, 8);
  header.writeUInt16LE(entry.method, 10);
  header.writeUInt16LE(stamp.time, 12);
  header.writeUInt16LE(stamp.date, 14);
  header.writeUInt32LE(entry.crc >>> 0, 16);
  header.writeUInt32LE(entry.compressedSize, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt32LE(EXTERNAL_ATTRIBUTES, 38);
  header.writeUInt32LE(entry.offset, 42);
  name.copy(header, CENTRAL_HEADER_SIZE);
  return header;
}

/**
 * Text encoded straight into batches of BATCH_BYTES and passed on as each fills; bytes pass
 * through. Buffer#write per line is faster than TextEncoder.encodeInto once warm (most lines are
 * one-byte strings) and than joining lines into one string first.
 */
export function* encodedBatches(parts: Iterable<string | Uint8Array>): Generator<Buffer> {
  let batch = Buffer.allocUnsafe(BATCH_BYTES);
  let used = 0;
  for (const part of parts) {
    const text = typeof part === 'string' ? part : null;
    // A UTF-16 unit is at most 3 UTF-8 bytes: make sure the whole part fits before writing it.
    const room = text === null ? (part as Uint8Array).byteLength : text.length * 3;
    if (used > 0 && used + room > BATCH_BYTES) {
      yield batch.subarray(0, used);
      batch = Buffer.allocUnsafe(BATCH_BYTES);
      used = 0;
    }
    if (room > BATCH_BYTES) {
      yield text === null ? Buffer.from(part as Uint8Array) : Buffer.from(text, 'utf8');
      continue;
    }
    if (text === null) {
      batch.set(part as Uint8Array, used);
      used += (part as Uint8Array).byteLength;
    } else {
      used += batch.write(text, used, 'utf8');
    }
  }
  if (used > 0) yield batch.subarray(0, used);
}
