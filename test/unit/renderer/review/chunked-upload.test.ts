// Sending an export to main for review: slices of 512 KiB in order at their offsets, covering the
// file exactly, each slice's base64 within the contract's limit and decoding to the same bytes;
// a refused slice stops the upload with the review's id so it can be closed.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REVIEW_CHUNK_BASE64_MAX } from '../../../../preload/contract/history';
import { fail, ok } from '../../../../preload/contract/result';
import {
  CHUNK_BYTES,
  base64Length,
  bytesToBase64,
  slicePlan,
  uploadExport,
} from '../../../../renderer/src/modules/review/chunked-upload';
import { fakeBridge } from '../fake-bridge';

describe('slicePlan', () => {
  it('covers the file once, in order, in slices of at most 512 KiB', () => {
    const size = CHUNK_BYTES * 3 + 12_345;
    const slices = slicePlan(size);
    expect(slices.map((slice) => slice.offset)).toEqual([0, CHUNK_BYTES, 2 * CHUNK_BYTES, 3 * CHUNK_BYTES]);
    expect(slices.at(-1)?.length).toBe(12_345);
    expect(slices.reduce((sum, slice) => sum + slice.length, 0)).toBe(size);
    expect(slicePlan(CHUNK_BYTES)).toEqual([{ offset: 0, length: CHUNK_BYTES }]);
    expect(slicePlan(1)).toEqual([{ offset: 0, length: 1 }]);
  });

  it('keeps a whole slice’s base64 within what the contract takes', () => {
    expect(CHUNK_BYTES).toBe(524_288);
    expect(base64Length(CHUNK_BYTES)).toBe(699_052);
    expect(base64Length(CHUNK_BYTES)).toBeLessThanOrEqual(REVIEW_CHUNK_BASE64_MAX);
  });
});

describe('bytesToBase64', () => {
  it('encodes as Node does, for a whole slice and for the awkward lengths', () => {
    for (const length of [0, 1, 2, 3, 0x8000 + 1, CHUNK_BYTES]) {
      const bytes = randomBytes(length);
      const encoded = bytesToBase64(new Uint8Array(bytes));
      expect(encoded).toBe(bytes.toString('base64'));
      expect(encoded.length).toBe(base64Length(length));
    }
  });
});

describe('uploadExport', () => {
  it('begins the review, then sends every slice at its offset; the bytes arrive whole', async () => {
    const content = randomBytes(CHUNK_BYTES * 2 + 1_000);
    const received: Buffer[] = [];
    const fake = fakeBridge({
      beginReview: () => ok({ reviewId: 'r1' }),
      reviewChunk: ({ offset, data }) => {
        expect(offset).toBe(received.reduce((sum, part) => sum + part.length, 0));
        expect(data.length).toBeLessThanOrEqual(REVIEW_CHUNK_BASE64_MAX);
        received.push(Buffer.from(data, 'base64'));
        return ok({ received: offset + received.at(-1)!.length });
      },
    });
    const progress: number[] = [];
    const file = new File([content], 'history.zip', { type: 'application/zip' });
    const { reviewId, result } = await uploadExport(fake.bridge.api, file, (sent) => progress.push(sent));
    expect(result).toEqual({ ok: true, value: { reviewId: 'r1' } });
    expect(reviewId).toBe('r1');
    expect(fake.calls[0]).toEqual({ op: 'beginReview', request: { fileName: 'history.zip', size: content.length } });
    expect(fake.calls.filter((call) => call.op === 'reviewChunk')).toHaveLength(3);
    expect(Buffer.concat(received).equals(content)).toBe(true);
    expect(progress).toEqual([0, CHUNK_BYTES, CHUNK_BYTES * 2, content.length]);
  });

  it('stops at a refused slice and hands back the review’s id with the error', async () => {
    const fake = fakeBridge({
      beginReview: () => ok({ reviewId: 'r2' }),
      reviewChunk: ({ offset }) => (offset === 0 ? ok({ received: CHUNK_BYTES }) : fail('REVIEW_TOO_LARGE', 'The file is larger than it said')),
    });
    const file = new File([randomBytes(CHUNK_BYTES * 3)], 'x.zip');
    const { reviewId, result } = await uploadExport(fake.bridge.api, file, () => undefined);
    expect(reviewId).toBe('r2');
    expect(result).toMatchObject({ ok: false, error: { code: 'REVIEW_TOO_LARGE' } });
    expect(fake.calls.filter((call) => call.op === 'reviewChunk')).toHaveLength(2);
  });

  it('stops when main counts other than what was sent', async () => {
    const fake = fakeBridge({ beginReview: () => ok({ reviewId: 'r3' }), reviewChunk: () => ok({ received: 10 }) });
    const { result } = await uploadExport(fake.bridge.api, new File([randomBytes(100)], 'x.zip'), () => undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'UPLOAD_MISMATCH' } });
  });

  it('sends nothing when the review cannot begin', async () => {
    const fake = fakeBridge({ beginReview: () => fail('VALIDATION', 'The file is empty', 'size') });
    const { reviewId, result } = await uploadExport(fake.bridge.api, new File([], 'empty.zip'), () => undefined);
    expect(reviewId).toBeNull();
    expect(result).toMatchObject({ ok: false, error: { field: 'size' } });
    expect(fake.calls.map((call) => call.op)).toEqual(['beginReview']);
  });
});
