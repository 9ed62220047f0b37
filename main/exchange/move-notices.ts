// What the sender of a money move is told while the move is still on its way: that the service
// refused it for too many requests and it will be sent again, and when. A move is never sent again
// silently, so every such resend is told to the work that sent the move (a listener scoped with
// AsyncLocalStorage, so each notice reaches the move it is about) and to the connection's own.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MoneyMove } from './operations';

export interface MoveNotice {
  kind: 'rate-limited';
  move: MoneyMove;
  /** The attempt the service refused: 1 for the first send. */
  attempt: number;
  /** Attempts the move is given, the first included. */
  maxAttempts: number;
  /** How long until the move is sent again. */
  retryInMs: number;
  /** Plain words for the user, e.g. "Rate limited by the service; sending again in 3 s". */
  message: string;
}

export type MoveNoticeListener = (notice: MoveNotice) => void;

const listeners = new AsyncLocalStorage<MoveNoticeListener>();

/** Runs fn; every notice about a move fn sends reaches `listener` (and any listener around this one). */
export function withMoveNotices<T>(listener: MoveNoticeListener, fn: () => Promise<T>): Promise<T> {
  const outer = listeners.getStore();
  const both: MoveNoticeListener = outer === undefined ? listener : (notice) => {
    outer(notice);
    listener(notice);
  };
  return listeners.run(both, fn);
}

/** Tells the notice to the listener of the work that sent the move, when there is one. */
export function tellSender(notice: MoveNotice): void {
  listeners.getStore()?.(notice);
}

export function rateLimitedNotice(move: MoneyMove, attempt: number, maxAttempts: number, retryInMs: number): MoveNotice {
  const seconds = Math.max(1, Math.ceil(retryInMs / 1_000));
  return {
    kind: 'rate-limited', move, attempt, maxAttempts, retryInMs,
    message: `Rate limited by the service; sending again in ${seconds} s (attempt ${attempt + 1} of ${maxAttempts})`,
  };
}
