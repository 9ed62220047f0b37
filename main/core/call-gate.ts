// Back-pressure on the contract, in front of dispatch, for both transports. Each window (a web-host
// socket, an Electron webContents) gets a connection of its own:
// - it may have only so many calls unanswered; one more is answered BUSY at once, having run nothing;
// - identical reads in flight (same operation, same request as canonical JSON), from any window,
//   share one run and its answer;
// - when a window goes, its unanswered reads are dropped, and a shared read whose every asker has
//   gone is cancelled: its requests still waiting in the exchange client's limiter are never sent.
// Calls that change state (money moves, profile writes) are never shared and never cancelled, and
// have their own allowance, so a backlog of reads can never refuse one.
import type { Result } from '../../preload/contract';
import { isReadOnlyOperation } from '../../preload/contract/read-only';
import { runCancellable } from '../exchange/cancellation';
import { BUSY, CANCELLED } from './app-error';
import { failureFrom } from './app-error';
import type { Dispatch } from './dispatch';

export interface CallGateOptions {
  /** Reads one window may have unanswered at once. */
  maxReads?: number;
  /** Calls that change state one window may have unanswered at once. */
  maxChanges?: number;
  /** Defaults to the contract's READ_ONLY_OPERATIONS. */
  isReadOnly?: (op: string) => boolean;
}

export interface CallGateStats {
  /** Calls answered BUSY. */
  busy: number;
  /** Reads that joined an identical read already in flight. */
  coalesced: number;
  /** Reads that ran, shared or not. */
  runs: number;
  /** Runs cancelled because every window waiting for them had gone. */
  cancelled: number;
}

export interface GateConnection {
  /** dispatch, as seen by this window. */
  dispatch: Dispatch;
  /** The window has gone: its unanswered reads are dropped; its state changes run to their end. */
  close(): void;
}

export interface CallGate {
  connect(): GateConnection;
  stats(): CallGateStats;
}

export const DEFAULT_MAX_READS = 32;
export const DEFAULT_MAX_CHANGES = 16;

const busyResult: Result<never> = {
  ok: false,
  error: { code: BUSY, message: 'Too many requests in flight from this window; try again in a moment' },
};
const goneResult: Result<never> = {
  ok: false,
  error: { code: CANCELLED, message: 'The window that asked for this has closed' },
};

/** One run of a read, and how many unanswered calls wait for it. */
interface SharedRead {
  result: Promise<Result<unknown>>;
  controller: AbortController;
  waiters: number;
  settled: boolean;
}

export function createCallGate(dispatch: Dispatch, options: CallGateOptions = {}): CallGate {
  const maxReads = options.maxReads ?? DEFAULT_MAX_READS;
  const maxChanges = options.maxChanges ?? DEFAULT_MAX_CHANGES;
  const isReadOnly = options.isReadOnly ?? isReadOnlyOperation;
  /** Reads a new identical call may join. */
  const joinable = new Map<string, SharedRead>();
  const stats: CallGateStats = { busy: 0, coalesced: 0, runs: 0, cancelled: 0 };

  function startRead(key: string | null, op: string, request: unknown): SharedRead {
    const controller = new AbortController();
    const run = runCancellable(controller.signal, () => dispatch(op, request));
    const shared: SharedRead = { controller, waiters: 0, settled: false, result: run };
    stats.runs += 1;
    const settle = () => {
      shared.settled = true;
      if (key !== null && joinable.get(key) === shared) joinable.delete(key);
    };
    void run.then(settle, settle);
    if (key !== null) joinable.set(key, shared);
    return shared;
  }

  function leave(key: string | null, shared: SharedRead): void {
    shared.waiters -= 1;
    if (shared.waiters > 0 || shared.settled) return;
    if (key !== null && joinable.get(key) === shared) joinable.delete(key);
    shared.controller.abort();
    stats.cancelled += 1;
  }

  // A read that began before a state change must not answer a call made after it (a balance
  // read before a transfer), so each change closes the reads in flight to newcomers.
  const closeReadsToNewcomers = () => joinable.clear();

  function connect(): GateConnection {
    let open = true;
    let reads = 0;
    let changes = 0;
    /** Drops each of this window's unanswered reads. */
    const waiting = new Set<() => void>();

    function read(op: string, request: unknown): Promise<Result<unknown>> {
      const key = coalescingKey(op, request);
      const found = key === null ? undefined : joinable.get(key);
      if (found !== undefined) stats.coalesced += 1;
      const shared = found ?? startRead(key, op, request);
      shared.waiters += 1;
      return new Promise((resolve) => {
        const drop = () => {
          waiting.delete(drop);
          leave(key, shared);
          resolve(goneResult);
        };
        waiting.add(drop);
        const answer = (result: Result<unknown>) => {
          if (!waiting.delete(drop)) return;
          shared.waiters -= 1;
          resolve(result);
        };
        // dispatch answers every failure as data; the rejection path only guards against a broken one.
        shared.result.then(answer, (error: unknown) => answer(failureFrom(op, error)));
      });
    }

    async function change(op: string, request: unknown): Promise<Result<unknown>> {
      closeReadsToNewcomers();
      try {
        return await dispatch(op, request);
      } catch (error) {
        // dispatch answers every failure as data; this only guards against a broken one, as for reads.
        return failureFrom(op, error);
      } finally {
        closeReadsToNewcomers();
      }
    }

    return {
      async dispatch(op, request) {
        if (!open) return goneResult;
        if (isReadOnly(op)) {
          if (reads >= maxReads) return refuse();
          reads += 1;
          try {
            return await read(op, request);
          } finally {
            reads -= 1;
          }
        }
        if (changes >= maxChanges) return refuse();
        changes += 1;
        try {
          return await change(op, request);
        } finally {
          changes -= 1;
        }
      },
      close() {
        open = false;
        for (const drop of [...waiting]) drop();
      },
    };
  }

  function refuse(): Result<never> {
    stats.busy += 1;
    return busyResult;
  }

  return { connect, stats: () => ({ ...stats }) };
}

/** op + the request as canonical JSON (keys sorted at every level); null when it has no JSON form. */
export function coalescingKey(op: string, request: unknown): string | null {
  try {
    const json = request === undefined ? '' : JSON.stringify(request, sortKeys);
    return json === undefined ? null : `${op}\u0000${json}`;
  } catch {
    return null;
  }
}

function sortKeys(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
