// An entry compressed beside the archive while another entry is being written, from text pushed
// to it as it is produced: encoded into batches, hashed (SHA-256 and CRC-32) and deflated into a
// temporary file, which the writer then copies into the archive after the entry in progress
// (ZipWriter.addSpooled). Two data files made from the same rows are thus made in one read of the
// rows, and their two deflate streams run side by side in the thread pool.
import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { createDeflateRaw, type ZlibOptions } from 'node:zlib';
import { crc32 } from './crc32';
import { TOO_LARGE, ZIP32_LIMIT, ZipError } from './format';

/** Text is encoded into batches of this many bytes before it is hashed and deflated. */
export const BATCH_BYTES = 1024 * 1024;
export const DEFLATE_CHUNK = 1024 * 1024;
export const DEFLATE_AHEAD = 8 * 1024 * 1024;
/** exports are large and read once: speed matters more than the last few percent of size. */
export const DEFLATE_LEVEL = 1;

/** A finished spooled entry: its compressed bytes in `path`, and what the zip records of it. */
export interface SpooledEntry {
  name: string;
  path: string;
  crc: number;
  size: number;
  compressedSize: number;
  sha256: string;
}

export const exportDeflate = () =>
  createDeflateRaw({ level: DEFLATE_LEVEL, chunkSize: DEFLATE_CHUNK, writableHighWaterMark: DEFLATE_AHEAD } as ZlibOptions);

export class EntrySpool {
  private readonly sha = createHash('sha256');
  private readonly deflate = exportDeflate();
  private readonly written: Promise<void>;
  private batch = Buffer.allocUnsafe(BATCH_BYTES);
  private used = 0;
  private crc = 0;
  private size = 0;
  private readonly file: WriteStream;

  constructor(readonly name: string, readonly path: string) {
    this.file = createWriteStream(path, { flags: 'wx' });
    this.written = pipeline(this.deflate, this.file);
    // A failure is reported by finish(); until then it must not go unhandled.
    this.written.catch(() => undefined);
  }

  /** Adds text to the entry (synchronously; call ready() now and then so memory stays bounded). */
  push(text: string): void {
    if (this.used + text.length * 3 > BATCH_BYTES) {
      this.send();
      if (text.length * 3 > BATCH_BYTES) {
        this.take(Buffer.from(text, 'utf8'));
        return;
      }
    }
    this.used += this.batch.write(text, this.used, 'utf8');
  }

  /** Resolves once deflate has room for more. */
  async ready(): Promise<void> {
    if (this.deflate.writableNeedDrain) await once(this.deflate, 'drain');
  }

  /** Ends the entry and waits for its file. */
  async finish(): Promise<SpooledEntry> {
    this.send();
    this.deflate.end();
    await this.written;
    return { name: this.name, path: this.path, crc: this.crc, size: this.size, compressedSize: this.file.bytesWritten, sha256: this.sha.digest('hex') };
  }

  /** Stops and removes the temporary file (after a failure, or once the writer has copied it). */
  async discard(): Promise<void> {
    this.deflate.destroy();
    await this.written.catch(() => undefined);
    await rm(this.path, { force: true });
  }

  private send(): void {
    if (this.used === 0) return;
    this.take(this.batch.subarray(0, this.used));
    this.batch = Buffer.allocUnsafe(BATCH_BYTES);
    this.used = 0;
  }

  private take(bytes: Buffer): void {
    this.sha.update(bytes);
    this.crc = crc32(bytes, this.crc);
    this.size += bytes.length;
    if (this.size > ZIP32_LIMIT) throw new ZipError(TOO_LARGE);
    this.deflate.write(bytes);
  }
}
