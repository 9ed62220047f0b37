// The rows of a review while they are still being stored: the file's first rows only. Nothing is
// counted over them (no summary, no flows): a count of some rows must never pass for the total, so
// those reads are left unanswered, and the review's own source, over every row, takes over once
// the last row is stored.
import type { CofferApi } from '../../../../preload/contract';
import type { RowSource } from '../history/row-source';

export function firstRowsSource(api: CofferApi, reviewId: string): RowSource {
  const never = () => new Promise<never>(() => undefined);
  return {
    key: `review-first-rows:${reviewId}`,
    online: false,
    rows: (request) => api.reviewRows({ reviewId, ...request }),
    summary: never,
    flows: never,
  };
}
