// A team store failure in the words a desk shows: what happened, and what still works.
import { AppFailure } from '../core/app-error';
import { TeamStoreError } from './store/team-db';

const WAITING = 'Preparing and approving withdrawals wait until it is back; balances, history and exports keep working.';

export function teamFailure(error: unknown): unknown {
  if (!(error instanceof TeamStoreError)) return error;
  if (error.code === 'TEAM_SCHEMA') return new AppFailure(error.code, error.message);
  return new AppFailure(error.code === 'TEAM_AUTH' ? 'TEAM_AUTH' : 'TEAM_UNREACHABLE', `${error.message}. ${WAITING}`);
}

/** Runs a store call; its failure comes out as an AppFailure the renderer can show with "Try again". */
export async function storeFailure<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw teamFailure(error);
  }
}
