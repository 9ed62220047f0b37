// useReview with a stand-in bridge: a file goes to main in slices, the check's progress follows
// reviewProgress for this review only, the report lands in the store; a failure closes the review
// in main; trusting the signer sends its public key and shows the report verified; closing clears.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fail, ok, type Result } from '../../../../preload/contract/result';
import type { ReviewReport } from '../../../../preload/contract/history';
import { useReviewStore } from '../../../../renderer/src/modules/review/review-store';
import { useReview } from '../../../../renderer/src/modules/review/use-review';
import { stageProgress } from '../../../../renderer/src/modules/review/review-words';
import { fakeBridge, settle, withSetup } from '../fake-bridge';
import { FINGERPRINT, PUBLIC_KEY, unknownSigner } from './fixtures';

function reviewBridge(finish: () => Result<ReviewReport> | Promise<Result<ReviewReport>>) {
  return fakeBridge({
    beginReview: () => ok({ reviewId: 'r1' }),
    reviewChunk: ({ offset, data }) => ok({ received: offset + Buffer.from(data, 'base64').length }),
    finishReview: finish,
    closeReview: () => ok(undefined),
  });
}

describe('useReview', () => {
  it('uploads, follows this review’s check progress, and keeps the report', async () => {
    let answer: (report: Result<ReviewReport>) => void = () => undefined;
    const fake = reviewBridge(() => new Promise((resolve) => (answer = resolve)));
    const { result: review } = withSetup(fake.bridge, () => useReview());
    const store = useReviewStore();
    const opening = review.open(new File([randomBytes(600_000)], 'export.zip'));
    await settle();
    expect(store.stage).toBe('checking');
    expect(store.upload).toEqual({ sent: 600_000, size: 600_000 });
    fake.emit('reviewProgress', { reviewId: 'other', phase: 'loading', done: 9, total: 10 });
    expect(store.check).toBeNull();
    fake.emit('reviewProgress', { reviewId: 'r1', phase: 'verifying', done: 1, total: 4 });
    expect(stageProgress(store.stage, store.upload, store.check)).toEqual({ label: 'Verifying signature and hashes · 25 %', percent: 25 });
    answer(ok(unknownSigner()));
    await opening;
    expect(store.stage).toBe('done');
    expect(store.report?.reviewId).toBe('r1');
    expect(fake.calls.map((call) => call.op)).toEqual(['beginReview', 'reviewChunk', 'reviewChunk', 'finishReview']);
  });

  it('closes the review in main when the check fails, and shows why', async () => {
    const fake = reviewBridge(() => fail('REVIEW_UNREADABLE', 'The file is not a zip archive'));
    const { result: review } = withSetup(fake.bridge, () => useReview());
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
    const { result: review } = withSetup(fake.bridge, () => useReview());
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
    const { result: review } = withSetup(fake.bridge, () => useReview());
    await review.open(new File([randomBytes(10)], 'export.zip'));
    expect(await review.trustSigner('x'.repeat(90))).toMatchObject({ field: 'label' });
    expect(useReviewStore().report?.verified).toBe(false);
  });

  it('closes the open review before another is opened, and on close', async () => {
    const fake = reviewBridge(() => ok(unknownSigner()));
    const { result: review } = withSetup(fake.bridge, () => useReview());
    await review.open(new File([randomBytes(10)], 'a.zip'));
    await review.open(new File([randomBytes(10)], 'b.zip'));
    expect(fake.calls.filter((call) => call.op === 'closeReview')).toHaveLength(1);
    await review.close();
    expect(useReviewStore().stage).toBe('idle');
    expect(fake.calls.filter((call) => call.op === 'closeReview')).toHaveLength(2);
  });
});
