// Handing an export file to main for review in the web host: the review is begun with the file's
// name and size, then the file goes as it is in one request (the bridge's sender), never read
// into the page's memory and never over the contract socket.
import type { CofferApi, Result } from '../../../../preload/contract';
import type { ReviewFileSender } from '../../bridge';

/** The file as the upload sends it: a Blob with a name (a File from the input, or one made in a test). */
export type ExportFile = Blob & { readonly name: string };

/**
 * Begins a review and sends the whole file. On success the review's id (finishReview comes next);
 * on a failure the error, with the id when main had opened the review (the caller closes it).
 */
export async function uploadExport(
  api: Pick<CofferApi, 'beginReview'>,
  send: ReviewFileSender,
  file: ExportFile,
  onProgress: (sent: number, size: number) => void,
): Promise<{ reviewId: string | null; result: Result<{ reviewId: string }> }> {
  const begun = await api.beginReview({ fileName: file.name, size: file.size });
  if (!begun.ok) return { reviewId: null, result: begun };
  const { reviewId } = begun.value;
  onProgress(0, file.size);
  const sent = await send(reviewId, file, onProgress);
  if (!sent.ok) return { reviewId, result: sent };
  if (sent.value.received !== file.size) {
    const message = `Main received ${sent.value.received} bytes where ${file.size} were sent; open the file again.`;
    return { reviewId, result: { ok: false, error: { code: 'UPLOAD_MISMATCH', message } } };
  }
  onProgress(file.size, file.size);
  return { reviewId, result: { ok: true, value: { reviewId } } };
}
