// The web host's one route that takes a body: an export for review, sent by the page as the raw
// file in one `PUT /review-upload/<reviewId>` and streamed to the review's folder as it arrives
// (never held whole, never as base64 over the socket). Admitted like the contract socket: our own
// Host, our own Origin (mandatory: a browser always sends it on a PUT), and the per-launch token,
// here as `Authorization: Bearer <token>`. What the review makes of the bytes (the size announced
// by beginReview caps them) is answered as the contract's Result, in JSON.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Result } from '../../preload/contract';
import { failureFrom } from '../core/app-error';
import { isAllowedHost, isAllowedOrigin, tokenMatches } from './guards';
import { plain } from './static-files';

export const REVIEW_UPLOAD_PATH = '/review-upload/';

/** Where the bytes go: the review sessions of the core, once it is loaded. */
export type ReviewUploadSink = (reviewId: string, body: AsyncIterable<Uint8Array>) => Promise<{ received: number }>;

export interface ReviewUploadAdmission {
  port: number;
  token: string;
  sink: ReviewUploadSink | undefined;
}

const REVIEW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a request's target is this route (anything under its path, well formed or not). */
export function isReviewUpload(target: string | undefined): boolean {
  return (target ?? '').startsWith(REVIEW_UPLOAD_PATH);
}

export async function handleReviewUpload(req: IncomingMessage, res: ServerResponse, admission: ReviewUploadAdmission): Promise<void> {
  const refusal = uploadRefusal(req, admission);
  if (refusal !== null) {
    // The body is not read: the connection goes with the answer, so no bytes wait in it.
    res.setHeader('Connection', 'close');
    return plain(res, refusal.status, refusal.reason);
  }
  const reviewId = (req.url ?? '').slice(REVIEW_UPLOAD_PATH.length);
  let result: Result<{ received: number }>;
  try {
    result = { ok: true, value: await (admission.sink as ReviewUploadSink)(reviewId, req) };
  } catch (error) {
    result = failureFrom('reviewUpload', error);
  }
  if (!req.complete) res.setHeader('Connection', 'close');
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(result));
}

interface Refusal {
  status: number;
  reason: string;
}

/** Why an upload is refused before its body is read, or null. Order: method, Host, Origin, token, target. */
export function uploadRefusal(req: IncomingMessage, { port, token, sink }: ReviewUploadAdmission): Refusal | null {
  if (req.method !== 'PUT') return { status: 405, reason: 'Method not allowed' };
  if (!isAllowedHost(req.headers.host, port)) return { status: 421, reason: 'Unknown Host' };
  if (!isAllowedOrigin(req.headers.origin, port)) return { status: 403, reason: 'Foreign Origin' };
  if (!tokenMatches(bearerToken(req.headers.authorization), token)) return { status: 401, reason: 'Unauthorized' };
  if (!REVIEW_ID.test((req.url ?? '').slice(REVIEW_UPLOAD_PATH.length))) return { status: 404, reason: 'Not Found' };
  if (sink === undefined) return { status: 503, reason: 'Review is not available here' };
  return null;
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer (\S+)$/.exec(header ?? '');
  return match === null ? null : (match[1] ?? null);
}
