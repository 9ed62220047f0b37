// useReview with a stand-in bridge: a file goes to main in one request (the web host's sender) or
// is picked in main's dialog (the desktop app), the check's progress follows reviewProgress for
// this review only, the report lands in the store (the verdict with the first rows, then the
// complete one once every row is stored); a failure closes the review in main; trusting the signer
// sends its public key and shows the report verified; closing clears.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fail, ok, type Result } from '../../../../preload/contract/result';
import type { Bridge, ReviewFileSender } from '../../../../renderer/src/bridge';
import type { ReviewReport } from '../../../../preload/contract/history';
import { firstRowsSource } from '../../../../renderer/src/modules/review/first-rows-source';
import { useReviewStore } from '../../../../renderer/src/modules/review/review-store';
import { useReview } from '../../../../renderer/src/modules/review/use-review';
import { rowsLoadProgress, stageProgress } from '../../../../renderer/src/modules/review/review-words';
import { fakeBridge, settle, withSetup } from '../fake-bridge';
import { FINGERPRINT, PUBLIC_KEY, unknownSigner } from './fixtures';

function reviewBridge(finish: (request: { reviewId: string; firstRows?: boolean }) => Result<ReviewReport> | Promise<Result<ReviewReport>>) {
  return fakeBridge({
    beginReview: () => ok({ reviewId: 'r1' }),
    finishReview: finish,
    closeReview: () => ok(undefined),
  });
}

/** The bridge with a sender that takes the whole file, reporting half of it first; what it was given is kept. */
function sending(bridge: Bridge, sent: Array<{ reviewId: string; size: number }> = []): Bridge {
  const sendReviewFile: ReviewFileSender = async (reviewId, file, onProgress) => {
    sent.push({ reviewId, size: file.size });
    onProgress(Math.floor(file.size / 2), file.size);
    return ok({ received: file.size });
  };
  return { ...bridge, sendReviewFile };
}

describe('useReview', () => {
  it('uploads, follows this review’s check progress, and keeps the report', async () => {
    let answer: (report: Result<ReviewReport>) => void = () => undefined;
    const fake = reviewBridge(() => new Promise((resolve) => (answer = resolve)));
    const sent: Array<{ reviewId: string; size: number }> = [];
    const { result: review } = withSetup(sending(fake.bridge, sent), () => useReview());
    const store = useReviewStore();
    const opening = review.open(new File([randomBytes(600_000)], 'export.zip'));
    await settle();
    expect(store.stage).toBe('checking');
    expect(store.upload).toEqual({ sent: 600_000, size: 600_000 });
    fake.emit('reviewProgress', { reviewId: 'other', phase: 'loading', done: 9, total: 10 });
    expect(store.check).toBeNull();
    fake.emit('reviewProgress', { reviewId: 'r1', phase: 'verifying', done: 1, total: 4 });
    expect(stageProgress(store.stage, store.upload, store.check)).toEqual({ label: 'Checking the signature and hashes · 25 %', percent: 25 });
    answer(ok(unknownSigner()));
    await opening;
    expect(store.stage).toBe('done');
    expect(store.report?.reviewId).toBe('r1');
    expect(fake.calls.map((call) => call.op)).toEqual(['beginReview', 'finishReview']);
    expect(sent).toEqual([{ reviewId: 'r1', size: 600_000 }]);
  });

  it('shows the verdict while the rows load, then the complete report, keeping a trust given meanwhile', async () => {
    let complete: (report: Result<ReviewReport>) => void = () => undefined;
    const fake = reviewBridge(({ firstRows }) =>
      firstRows === true ? ok({ ...unknownSigner(), loading: true }) : new Promise((resolve) => (complete = resolve)),
    );
    fake.answer('trustExportKey', ({ label }) => ok([{ fingerprint: FINGERPRINT, publicKey: PUBLIC_KEY, label, own: false, addedAt: '2026-04-02T00:00:00Z' }]));
    const { result: review } = withSetup(sending(fake.bridge), () => useReview());
    const store = useReviewStore();
    const opening = review.open(new File([randomBytes(10)], 'export.zip'));
    await settle();
    expect(store.stage).toBe('done');
    expect(store.report?.loading).toBe(true);
    expect(rowsLoadProgress(2_500, store.check)).toEqual({ label: 'Loading rows · 0 % · 0 of 2,500 stored', percent: 0 });
    fake.emit('reviewProgress', { reviewId: 'r1', phase: 'loading', done: 1_000, total: 2_500 });
    expect(rowsLoadProgress(2_500, store.check)).toEqual({ label: 'Loading rows · 40 % · 1,000 of 2,500 stored', percent: 40 });
    expect(await review.trustSigner('Berlin desk')).toBeNull();
    complete(ok(unknownSigner()));
    await opening;
    expect(store.report).toMatchObject({ loading: false, verified: true, signer: { trusted: true, label: 'Berlin desk' } });
    expect(fake.calls.filter((call) => call.op === 'finishReview').map((call) => call.request)).toEqual([
      { reviewId: 'r1', firstRows: true },
      { reviewId: 'r1' },
    ]);
  });

  it('reads the first rows while the rest load, and asks main for no count over them', async () => {
    const fake = fakeBridge({ reviewRows: () => ok({ rows: [], total: 2_000 }) });
    const source = firstRowsSource(fake.bridge.api, 'r1');
    expect(await source.rows({ filter: {}, offset: 0, limit: 50 })).toEqual(ok({ rows: [], total: 2_000 }));
    let answered = false;
    void source.summary({}).then(() => (answered = true));
    void source.flows({}).then(() => (answered = true));
    await settle();
    expect(answered).toBe(false);
    expect(fake.calls).toEqual([{ op: 'reviewRows', request: { reviewId: 'r1', filter: {}, offset: 0, limit: 50 } }]);
  });

  it('closes the review in main when the file was not taken whole', async () => {
    const fake = reviewBridge(() => ok(unknownSigner()));
    const short: ReviewFileSender = async (_reviewId, file) => ok({ received: file.size - 1 });
    const { result: review } = withSetup({ ...fake.bridge, sendReviewFile: short }, () => useReview());
    await review.open(new File([randomBytes(10)], 'export.zip'));
    expect(useReviewStore().error?.code).toBe('UPLOAD_MISMATCH');
    await settle();
    expect(fake.calls.map((call) => call.op)).toEqual(['beginReview', 'closeReview']);
  });

  it('in the desktop app asks main to show its dialog and reviews the file picked there', async () => {
    const fake = reviewBridge(() => ok(unknownSigner()));
    fake.answer('chooseReviewFile', () => ok({ review: { reviewId: 'r1', fileName: 'picked.zip', size: 1234 } }));
    const { result: review } = withSetup(fake.bridge, () => useReview());
    expect(review.pageSendsFile).toBe(false);
    await review.openFromDialog();
    const store = useReviewStore();
    expect(store.fileName).toBe('picked.zip');
    expect(store.stage).toBe('done');
    expect(fake.calls.map((call) => call.op)).toEqual(['chooseReviewFile', 'finishReview']);
    fake.answer('chooseReviewFile', () => ok({ review: null }));
    await review.openFromDialog();
    expect(store.report?.reviewId).toBe('r1');
  });

  it('closes the review in main when the check fails, and shows why', async () => {
    const fake = reviewBridge(() => fail('REVIEW_UNREADABLE', 'The file is not a zip archive'));
    const { result: review } = withSetup(sending(fake.bridge), () => useReview());
    await review.open(new File([randomBytes(10)], 'notes.zip'));
    const store = useReviewStore();
    expect(store.stage).toBe('failed');
    expect(store.error?.message).toBe('The file is not a zip archive');
    await settle();
    expect(fake.calls.at(-1)).toEqual({ op: 'closeReview', request: { reviewId: 'r1' } });
  });

  it('trusts the signer by its public key, then shows the report verified under the name given', async () => {
    const fake = reviewBridge(() => ok(unknownSigner()));
    fake.answer('trustExportKey', ({ label }) => ok([{ fingerprint: FINGERPRINT, publicKey: PUBLIC_KEY, label, own: false, addedAt: '2026-04-02T00:00:00Z' }]));
    const { result: review } = withSetup(sending(fake.bridge), () => useReview());
    await review.open(new File([randomBytes(10)], 'export.zip'));
    expect(await review.trustSigner('Berlin desk')).toBeNull();
    expect(fake.calls.at(-1)).toEqual({ op: 'trustExportKey', request: { publicKey: PUBLIC_KEY, label: 'Berlin desk' } });
    const store = useReviewStore();
    expect(store.report?.verified).toBe(true);
    expect(store.report?.signer?.label).toBe('Berlin desk');
  });

  it('hands back a refused trust with its field, changing nothing', async () => {
    const fake = reviewBridge(() => ok(unknownSigner()));
    fake.answer('trustExportKey', () => fail('VALIDATION', 'label is too long', 'label'));
    const { result: review } = withSetup(sending(fake.bridge), () => useReview());
    await review.open(new File([randomBytes(10)], 'export.zip'));
    expect(await review.trustSigner('x'.repeat(90))).toMatchObject({ field: 'label' });
    expect(useReviewStore().report?.verified).toBe(false);
  });

  it('closes the open review before another is opened, and on close', async () => {
    const fake = reviewBridge(() => ok(unknownSigner()));
    const { result: review } = withSetup(sending(fake.bridge), () => useReview());
    await review.open(new File([randomBytes(10)], 'a.zip'));
    await review.open(new File([randomBytes(10)], 'b.zip'));
    expect(fake.calls.filter((call) => call.op === 'closeReview')).toHaveLength(1);
    await review.close();
    expect(useReviewStore().stage).toBe('idle');
    expect(fake.calls.filter((call) => call.op === 'closeReview')).toHaveLength(2);
  });
});
