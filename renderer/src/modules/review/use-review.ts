// Opening an export for review and what follows: the file handed to main (sent by the page in the
// web host, read by main from the desktop app's dialog), the check's progress from reviewProgress,
// the verdict with the first rows, then the complete report once every row is stored, trusting its
// signer, and closing it. Needs no profile, and asks nothing of any server: main reads the file,
// the local store answers the table.
import { onScopeDispose } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { ReviewReport } from '../../../../preload/contract/history';
import { useBridge } from '../../bridge-key';
import { uploadExport, type ExportFile } from './review-upload';
import { useReviewStore } from './review-store';
import { withTrustedSigner } from './verdict';

export interface ReviewWork {
  /** Whether the page sends a chosen file itself (the web host); otherwise main shows its dialog. */
  readonly pageSendsFile: boolean;
  open(file: ExportFile): Promise<void>;
  /** The desktop app's dialog: main reads the file picked. */
  openFromDialog(): Promise<void>;
  close(): Promise<void>;
  /** Null when the signer is trusted now, else why not (field 'label' or 'publicKey' when named). */
  trustSigner(label: string): Promise<AppError | null>;
}

/** The complete report, with its signer trusted when the reviewer trusted it while the rows loaded. */
function keepingTrust(complete: ReviewReport, shown: ReviewReport | null): ReviewReport {
  const signer = shown?.signer;
  if (!signer?.trusted || signer.label === null || complete.signer?.trusted !== false) return complete;
  return withTrustedSigner(complete, [{ fingerprint: signer.fingerprint, publicKey: signer.publicKey, label: signer.label, own: false, addedAt: '' }]);
}

export function useReview(): ReviewWork {
  const { api, sendReviewFile } = useBridge();
  const store = useReviewStore();

  const stop = api.on('reviewProgress', ({ reviewId, phase, done, total }) => store.setCheck(reviewId, { phase, done, total }));
  onScopeDispose(stop);

  const busy = () => store.stage === 'uploading' || store.stage === 'checking';

  async function close(): Promise<void> {
    const reviewId = store.reviewId;
    store.reset();
    if (reviewId) await api.closeReview({ reviewId });
  }

  async function open(file: ExportFile): Promise<void> {
    if (busy()) return;
    if (sendReviewFile === undefined) return openFromDialog();
    await close();
    store.start(file.name, file.size);
    const uploaded = await uploadExport(api, sendReviewFile, file, (sent, size) => store.setUploaded(sent, size));
    if (!uploaded.result.ok) {
      if (uploaded.reviewId) void api.closeReview({ reviewId: uploaded.reviewId });
      store.setFailed(uploaded.result.error);
      return;
    }
    await finish(uploaded.result.value.reviewId);
  }

  async function openFromDialog(): Promise<void> {
    if (busy()) return;
    const chosen = await api.chooseReviewFile();
    if (!chosen.ok) return store.setFailed(chosen.error);
    const { review } = chosen.value;
    if (review === null) return;
    const previous = store.reviewId;
    if (previous) void api.closeReview({ reviewId: previous });
    store.start(review.fileName, review.size);
    await finish(review.reviewId);
  }

  /** The verdict and the first rows as soon as main has them, then the report once every row is stored. */
  async function finish(reviewId: string): Promise<void> {
    store.setChecking(reviewId);
    const first = await api.finishReview({ reviewId, firstRows: true });
    if (store.reviewId !== reviewId) return; // closed, or another opened, meanwhile
    if (!first.ok) return failed(reviewId, first.error);
    store.setReport(first.value);
    if (!first.value.loading) return;
    const complete = await api.finishReview({ reviewId });
    if (store.reviewId !== reviewId) return;
    if (complete.ok) store.setReport(keepingTrust(complete.value, store.report));
    else failed(reviewId, complete.error);
  }

  function failed(reviewId: string, error: AppError): void {
    void api.closeReview({ reviewId });
    store.setFailed(error);
  }

  async function trustSigner(label: string): Promise<AppError | null> {
    const report = store.report;
    if (!report?.signer) return { code: 'NO_SIGNER', message: 'This export names no signing key to trust' };
    const result = await api.trustExportKey({ publicKey: report.signer.publicKey, label });
    if (!result.ok) return result.error;
    if (store.report?.reviewId === report.reviewId) store.setReport(withTrustedSigner(report, result.value));
    return null;
  }

  return { pageSendsFile: sendReviewFile !== undefined, open, openFromDialog, close, trustSigner };
}
