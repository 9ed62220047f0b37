// An entry compressed beside the archive while another entry is being written, from text pushed
// to it as it is produced: encoded into batches, hashed (SHA-256 and CRC-32) and deflated into a
// temporary file, which the writer then copies into the archive after the entry in progress
// (ZipWriter.addSpooled). Two data files made from the same rows are thus made in one read of the
// rows, and their deflate runs beside the formatting in the thread pool.
import { createHash } from 'node:crypto';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { crc32 } from './crc32';
import { TOO_LARGE, ZIP32_LIMIT, ZipError } from './format';
import { BATCH_BYTES, SegmentDeflater } from './segment-deflate';

/** A finished spooled entry: its compressed bytes in `path`, and what the zip records of it. */
export interface SpooledEntry {
  name: string;
  path: string;
  crc: number;
  size: number;
  compressedSize: number;
  sha256: string;
}

export class EntrySpool {
  private readonly sha = createHash('sha256');
  private readonly file: Promise<FileHandle>;
  private readonly deflater: SegmentDeflater;
  private batch = Buffer.allocUnsafe(BATCH_BYTES);
  private used = 0;
  private crc = 0;
  private size = 0;
  private compressedSize = 0;

  constructor(readonly name: string, readonly path: string) {
    this.file = open(path, 'wx');
    // A failure to create it is reported by finish(); until then it must not go unhandled.
    this.file.catch(() => undefined);
    this.deflater = new SegmentDeflater(async (bytes) => {
      await (await this.file).write(bytes, 0, bytes.length, this.compressedSize);
      this.compressedSize += bytes.length;
    });
  }

  /** Adds text to the entry (synchronously; await ready() now and then so memory stays bounded). */
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
  ready(): Promise<void> {
    return this.deflater.ready();
  }

  /** Ends the entry and waits for its file. */
  async finish(): Promise<SpooledEntry> {
    this.send();
    await this.deflater.finish();
    await (await this.file).close();
    return { name: this.name, path: this.path, crc: this.crc, size: this.size, compressedSize: this.compressedSize, sha256: this.sha.digest('hex') };
  }

  /** Removes the temporary file (after a failure, or once the writer has copied it). */
  async discard(): Promise<void> {
    await this.file.then((file) => file.close()).catch(() => undefined);
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
    this.deflater.add(bytes);
  }
}
