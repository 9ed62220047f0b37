// The History page's operations in the active profile's scope.
import type { HistoryOperations } from '../../../preload/contract/history';
import { ok } from '../../../preload/contract/result';
import { AppFailure } from '../app-error';
import type { ProfileScope } from '../session/scope';
import type { ScopedHandlers } from '../session/scopes';
import type { HistoryService } from './service';

function historyOf(scope: ProfileScope): HistoryService {
  if (scope.history === null) throw new AppFailure('NO_HISTORY', 'The transaction history of this profile is not available: its store could not be opened (see the log)');
  return scope.history;
}

export const historyHandlers: ScopedHandlers<keyof HistoryOperations> = (scope) => ({
  historySyncStatus: async () => ok(historyOf(scope).status()),
  syncHistoryNow: async () => ok(historyOf(scope).syncNow()),
  historySummary: async ({ filter }) => ok(historyOf(scope).summary(filter)),
  historyRows: async (request) => ok(await historyOf(scope).rows(request)),
  historyFlows: async ({ filter }) => ok(historyOf(scope).flows(filter)),
});
