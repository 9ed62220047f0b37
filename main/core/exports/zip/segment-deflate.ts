// Deflate in independent segments, several at once in the thread pool, written out in order. Each
// segment but the last ends on a sync flush (byte-aligned, not final), so the segments joined are
// one valid deflate stream, as pigz makes them; the cost is a few bytes per segment and the
// history each segment starts without. One stream would compress on one thread only:
// with two cores, the rows' formatting would wait for it whenever it falls behind.
import { constants, deflateRaw } from 'node:zlib';

/** Text is encoded into batches of this many bytes; each batch is one segment. */
export const BATCH_BYTES = 1024 * 1024;
/** Exports are large and read once: speed matters more than the last few percent of size. */
const DEFLATE_LEVEL = 1;
/**
 * An 8 KiB window instead of 32 KiB: deflate is most of an export's CPU, and with it a CSV
 * export's rows compress 25 % faster to the same size (a JSON export's come out about 7 % larger).
 */
const DEFLATE_WINDOW_BITS = 13;
/** Deflate's output buffer: one batch rarely needs a second. */
const DEFLATE_CHUNK = 1024 * 1024;

/** Segments deflating or waiting to be written at once; each holds one batch in and out. */
const IN_FLIGHT = 4;

function deflated(bytes: Buffer, last: boolean): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    deflateRaw(bytes, { level: DEFLATE_LEVEL, windowBits: DEFLATE_WINDOW_BITS, chunkSize: DEFLATE_CHUNK, finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH }, (error, out) =>
      error === null ? resolve(out) : reject(error));
  });
}

export class SegmentDeflater {
  private tail: Promise<void> = Promise.resolve();
  private readonly queue: Array<Promise<void>> = [];

  /** `write` takes the compressed bytes, in order, one call at a time. */
  constructor(private readonly write: (bytes: Buffer) => Promise<void>) {}

  /** Starts deflating one segment (the caller must not change `bytes` afterwards). */
  add(bytes: Buffer): void {
    this.chain(deflated(bytes, false));
  }

  /** Resolves once fewer than IN_FLIGHT segments are pending; rejects with the first failure. */
  async ready(): Promise<void> {
    while (this.queue.length >= IN_FLIGHT) await this.queue.shift();
  }

  /** Ends the stream (an empty final block) and waits until everything is written. */
  async finish(): Promise<void> {
    this.chain(deflated(Buffer.alloc(0), true));
    this.queue.length = 0;
    await this.tail;
  }

  private chain(out: Promise<Buffer>): void {
    const previous = this.tail;
    this.tail = (async () => {
      const bytes = await out;
      await previous;
      await this.write(bytes);
    })();
    // Failures surface through ready() or finish(); a segment abandoned after one must not crash the thread.
    this.tail.catch(() => undefined);
    out.catch(() => undefined);
    this.queue.push(this.tail);
  }
}
