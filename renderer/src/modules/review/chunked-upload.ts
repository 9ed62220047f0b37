// Handing an export file to main for review: the file is read slice by slice (never whole in
// memory), each slice sent as base64 at its offset, in order; a slice's base64 stays under the
// contract's limit so the web host's messages stay under 1 MiB.
import type { CofferApi, Result } from '../../../../preload/contract';
import { REVIEW_CHUNK_BASE64_MAX } from '../../../../preload/contract/history';

/** Bytes per slice: 512 KiB, whose base64 (699,052 characters) fits REVIEW_CHUNK_BASE64_MAX. */
export const CHUNK_BYTES = 512 * 1024;

/** Characters of base64 for `bytes` bytes, padding included. */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

if (base64Length(CHUNK_BYTES) > REVIEW_CHUNK_BASE64_MAX) throw new Error('CHUNK_BYTES must encode within REVIEW_CHUNK_BASE64_MAX');

export interface Slice {
  offset: number;
  length: number;
}

/** The slices a file of `size` bytes is sent in, in order, covering it exactly once. */
export function slicePlan(size: number, chunkBytes = CHUNK_BYTES): Slice[] {
  const slices: Slice[] = [];
  for (let offset = 0; offset < size; offset += chunkBytes) slices.push({ offset, length: Math.min(chunkBytes, size - offset) });
  return slices;
}

/** Standard base64 of the bytes, built in pieces (a spread of 512 KiB would overflow the stack). */
export function bytesToBase64(bytes: Uint8Array): string {
  const pieces: string[] = [];
  for (let start = 0; start < bytes.length; start += 0x8000) {
    pieces.push(String.fromCharCode(...bytes.subarray(start, start + 0x8000)));
  }
  return btoa(pieces.join(''));
}

/** The file as the upload reads it: a Blob with a name (a File from the input, or one made in a test). */
export interface ExportFile {
  readonly name: string;
  readonly size: number;
  slice(start: number, end: number): Blob;
}

export type ReviewUploadApi = Pick<CofferApi, 'beginReview' | 'reviewChunk'>;

/**
 * Begins a review and sends the whole file. On success the review's id (finishReview comes next);
 * on a failure the error, with the id when main had opened the review (the caller closes it).
 */
export async function uploadExport(
  api: ReviewUploadApi,
  file: ExportFile,
  onProgress: (sent: number, size: number) => void,
): Promise<{ reviewId: string | null; result: Result<{ reviewId: string }> }> {
  const begun = await api.beginReview({ fileName: file.name, size: file.size });
  if (!begun.ok) return { reviewId: null, result: begun };
  const { reviewId } = begun.value;
  onProgress(0, file.size);
  for (const { offset, length } of slicePlan(file.size)) {
    const bytes = new Uint8Array(await file.slice(offset, offset + length).arrayBuffer());
    const sent = await api.reviewChunk({ reviewId, offset, data: bytesToBase64(bytes) });
    if (!sent.ok) return { reviewId, result: sent };
    if (sent.value.received !== offset + length) {
      const message = `Main received ${sent.value.received} bytes where ${offset + length} were sent; open the file again.`;
      return { reviewId, result: { ok: false, error: { code: 'UPLOAD_MISMATCH', message } } };
    }
    onProgress(offset + length, file.size);
  }
  return { reviewId, result: { ok: true, value: { reviewId } } };
}
