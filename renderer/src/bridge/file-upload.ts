// The web host's upload of a file for review: the file as the request's raw body, in one PUT
// (the browser streams it from disk), authenticated with the page's token. Progress comes from
// the request itself, so it says how much has really been sent.
import type { Result } from '../../../preload/contract';

export const REVIEW_UPLOAD_PATH = '/review-upload/';

/** Sends the file of a begun review; its answer is the host's, or why it never came. */
export type ReviewFileSender = (reviewId: string, file: Blob, onProgress: (sent: number, size: number) => void) => Promise<Result<{ received: number }>>;

export function httpReviewFileSender(token: string): ReviewFileSender {
  return (reviewId, file, onProgress) =>
    new Promise((resolve) => {
      // XMLHttpRequest rather than fetch: only it reports how much of a request body has gone.
      const request = new XMLHttpRequest();
      const failed = (message: string) => resolve({ ok: false, error: { code: 'UPLOAD_FAILED', message } });
      request.open('PUT', `${REVIEW_UPLOAD_PATH}${encodeURIComponent(reviewId)}`);
      request.setRequestHeader('Authorization', `Bearer ${token}`);
      request.setRequestHeader('Content-Type', 'application/octet-stream');
      request.upload.onprogress = (event) => onProgress(Math.min(event.loaded, file.size), file.size);
      request.onload = () => {
        if (request.status !== 200) return failed(`Coffer refused the file (${request.status} ${request.responseText.trim()})`);
        try {
          resolve(JSON.parse(request.responseText) as Result<{ received: number }>);
        } catch {
          failed('Coffer’s answer to the file could not be read');
        }
      };
      request.onerror = () => failed('The file could not be sent to Coffer: the connection was lost');
      request.onabort = () => failed('Sending the file was stopped');
      request.send(file);
    });
}
