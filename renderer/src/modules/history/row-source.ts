// Where the table, totals and chart read their rows: the active profile's synced history, or an
// export opened for review. The same screens serve both; only the operations behind them differ.
import type { CofferApi, Result } from '../../../../preload/contract';
import type { HistoryFilter, HistoryFlows, HistoryRows, HistorySummary } from '../../../../preload/contract/history';

export interface RowSource {
  /** Tells answers of one source from another's (a profile's store, a review). */
  readonly key: string;
  /** Whether entries may carry an explorer link (a review's never do). */
  readonly online: boolean;
  rows(request: { filter: HistoryFilter; offset: number; limit: number }): Promise<Result<HistoryRows>>;
  summary(filter: HistoryFilter): Promise<Result<HistorySummary>>;
  flows(filter: HistoryFilter): Promise<Result<HistoryFlows>>;
}

export function historySource(api: CofferApi, profileId: string): RowSource {
  return {
    key: `profile:${profileId}`,
    online: true,
    rows: (request) => api.historyRows(request),
    summary: (filter) => api.historySummary({ filter }),
    flows: (filter) => api.historyFlows({ filter }),
  };
}

export function reviewSource(api: CofferApi, reviewId: string): RowSource {
  return {
    key: `review:${reviewId}`,
    online: false,
    rows: (request) => api.reviewRows({ reviewId, ...request }),
    summary: (filter) => api.reviewSummary({ reviewId, filter }),
    flows: (filter) => api.reviewFlows({ reviewId, filter }),
  };
}
