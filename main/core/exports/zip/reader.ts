// Reads the zips Coffer writes (and any plain zip without zip64 or encryption), entry by entry,
// from a file on disk: the central directory is read once, an entry's data streams out inflated
// in chunks. Whatever the bytes, it ends with the data or a ZipError saying what is wrong: every
// offset and size is checked against the file before it is used, an archive whose entries claim
// more than MAX_UNPACKED_BYTES is refused before anything is inflated, an entry that inflates to
// more than it declares is cut off, and its CRC-32 and size are checked at the end.
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { crc32 } from './crc32';
import {
  CENTRAL_HEADER, CENTRAL_HEADER_SIZE, END_OF_CENTRAL, END_OF_CENTRAL_SIZE, FLAG_ENCRYPTED, LOCAL_HEADER, LOCAL_HEADER_SIZE,
  MAX_COMMENT, MAX_UNPACKED_BYTES, METHOD_DEFLATE, METHOD_STORED, ZIP32_LIMIT, ZipError, type EntryRecord,
} from './format';

/** More entries than any export holds: a directory claiming more is not ours. */
const MAX_ENTRIES = 1000;
const READ_CHUNK = 1024 * 1024;
/** Inflated data comes out in chunks this large: few of them, each hashed or parsed in one go. */
const INFLATE_CHUNK = 1024 * 1024;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export class ZipReader {
  private constructor(
    private readonly file: FileHandle,
    readonly size: number,
    readonly entries: ReadonlyMap<string, EntryRecord>,
  ) {}

  static async open(path: string): Promise<ZipReader> {
    const file = await open(path, 'r');
    try {
      const { size } = await file.stat();
      const entries = await readDirectory(file, size);
      return new ZipReader(file, size, entries);
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  /** The entry's bytes, inflated, in chunks; throws a ZipError if they do not check out. */
  async *read(name: string): AsyncGenerator<Buffer> {
    const entry = this.entries.get(name);
    if (entry === undefined) throw new ZipError(`The archive has no ${name}`);
    const start = await this.dataStart(entry);
    const compressed = this.compressed(start, entry.compressedSize);
    let crc = 0;
    let size = 0;
    const check = (chunk: Buffer) => {
      size += chunk.length;
      if (size > entry.size) throw new ZipError(`${name} holds more data than the archive says`);
      crc = crc32(chunk, crc);
    };
    if (entry.method === METHOD_STORED) {
      for await (const chunk of compressed) {
        check(chunk);
        yield chunk;
      }
    } else {
      const inflate = createInflateRaw({ chunkSize: INFLATE_CHUNK });
      const source = Readable.from(compressed);
      source.once('error', (error) => inflate.destroy(error));
      source.pipe(inflate);
      try {
        for await (const chunk of inflate as AsyncIterable<Buffer>) {
          check(chunk);
          yield chunk;
        }
      } catch (error) {
        throw error instanceof ZipError ? error : new ZipError(`${name} is damaged: its compressed data cannot be read`);
      } finally {
        source.destroy();
        inflate.destroy();
      }
    }
    if (size !== entry.size) throw new ZipError(`${name} is shorter than the archive says`);
    if (crc >>> 0 !== entry.crc) throw new ZipError(`${name} is damaged: its checksum does not match`);
  }

  /** The entry's whole content, for small entries (the manifest); refuses anything over `limit`. */
  async readAll(name: string, limit: number): Promise<Buffer> {
    const entry = this.entries.get(name);
    if (entry !== undefined && entry.size > limit) throw new ZipError(`${name} is too large (${entry.size} bytes)`);
    const chunks: Buffer[] = [];
    for await (const chunk of this.read(name)) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  async close(): Promise<void> {
    await this.file.close().catch(() => undefined);
  }

  private async dataStart(entry: EntryRecord): Promise<number> {
    const header = await readAt(this.file, entry.offset, LOCAL_HEADER_SIZE, this.size);
    if (header.readUInt32LE(0) !== LOCAL_HEADER) throw new ZipError(`${entry.name} has no local header where the directory says`);
    const start = entry.offset + LOCAL_HEADER_SIZE + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (start + entry.compressedSize > this.size) throw new ZipError(`${entry.name} runs past the end of the file`);
    return start;
  }

  private async *compressed(start: number, length: number): AsyncGenerator<Buffer> {
    for (let done = 0; done < length; ) {
      const chunk = await readAt(this.file, start + done, Math.min(READ_CHUNK, length - done), this.size);
      done += chunk.length;
      yield chunk;
    }
  }
}

async function readAt(file: FileHandle, position: number, length: number, fileSize: number): Promise<Buffer> {
  if (position < 0 || position + length > fileSize) throw new ZipError('The archive is cut short');
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new ZipError('The archive is cut short');
  return buffer;
}

async function readDirectory(file: FileHandle, size: number): Promise<Map<string, EntryRecord>> {
  if (size < END_OF_CENTRAL_SIZE) throw new ZipError('The file is too short to be a zip archive');
  const tailLength = Math.min(size, END_OF_CENTRAL_SIZE + MAX_COMMENT);
  const tail = await readAt(file, size - tailLength, tailLength, size);
  const endAt = findEndRecord(tail);
  if (endAt === -1) throw new ZipError('The file is not a zip archive (no end of central directory)');
  const end = tail.subarray(endAt);
  const [disk, centralDisk, onDisk, total] = [end.readUInt16LE(4), end.readUInt16LE(6), end.readUInt16LE(8), end.readUInt16LE(10)];
  const centralSize = end.readUInt32LE(12);
  const centralStart = end.readUInt32LE(16);
  if (total === 0xffff || centralSize === ZIP32_LIMIT || centralStart === ZIP32_LIMIT) throw new ZipError('zip64 archives are not supported');
  if (disk !== 0 || centralDisk !== 0 || onDisk !== total) throw new ZipError('Archives split over several files are not supported');
  if (total > MAX_ENTRIES) throw new ZipError(`The archive lists ${total} files, more than an export holds`);
  const endOffset = size - tailLength + endAt;
  if (centralStart + centralSize > endOffset) throw new ZipError('The archive directory lies outside the file');
  const central = await readAt(file, centralStart, centralSize, size);
  const entries = parseDirectory(central, total, centralStart);
  let unpacked = 0;
  for (const entry of entries.values()) unpacked += entry.size;
  if (unpacked > MAX_UNPACKED_BYTES) {
    throw new ZipError(`The archive says its files unpack to ${unpacked.toLocaleString('en')} bytes, more than an export holds (${MAX_UNPACKED_BYTES.toLocaleString('en')} at most)`);
  }
  return entries;
}

function findEndRecord(tail: Buffer): number {
  for (let at = tail.length - END_OF_CENTRAL_SIZE; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) === END_OF_CENTRAL && at + END_OF_CENTRAL_SIZE + tail.readUInt16LE(at + 20) === tail.length) return at;
  }
  return -1;
}

function parseDirectory(central: Buffer, total: number, centralStart: number): Map<string, EntryRecord> {
  const entries = new Map<string, EntryRecord>();
  let at = 0;
  for (let index = 0; index < total; index += 1) {
    if (at + CENTRAL_HEADER_SIZE > central.length || central.readUInt32LE(at) !== CENTRAL_HEADER) {
      throw new ZipError('The archive directory is damaged');
    }
    const flags = central.readUInt16LE(at + 8);
    const method = central.readUInt16LE(at + 10);
    const nameLength = central.readUInt16LE(at + 28);
    const next = at + CENTRAL_HEADER_SIZE + nameLength + central.readUInt16LE(at + 30) + central.readUInt16LE(at + 32);
    if (next > central.length) throw new ZipError('The archive directory is damaged');
    const name = decodeName(central.subarray(at + CENTRAL_HEADER_SIZE, at + CENTRAL_HEADER_SIZE + nameLength));
    const entry: EntryRecord = {
      name,
      method,
      crc: central.readUInt32LE(at + 16),
      compressedSize: central.readUInt32LE(at + 20),
      size: central.readUInt32LE(at + 24),
      offset: central.readUInt32LE(at + 42),
    };
    if (entry.size === ZIP32_LIMIT || entry.compressedSize === ZIP32_LIMIT || entry.offset === ZIP32_LIMIT) throw new ZipError('zip64 archives are not supported');
    if (flags & FLAG_ENCRYPTED) throw new ZipError(`${name} is encrypted`);
    if (method !== METHOD_STORED && method !== METHOD_DEFLATE) throw new ZipError(`${name} uses a compression method Coffer does not read (${method})`);
    if (entry.offset + LOCAL_HEADER_SIZE > centralStart) throw new ZipError(`${name} lies outside the archive's data`);
    if (entries.has(name)) throw new ZipError(`The archive holds ${name} twice`);
    entries.set(name, entry);
    at = next;
  }
  return entries;
}

function decodeName(bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ZipError('A file name in the archive is not valid text');
  }
}
