// The three ways a version adapter calls the service: reads (retried), idempotent writes
// (retried), and once-only writes; money-moving ones come back `uncertain` when the outcome is
// unknown instead of being re-sent. Paths are the caller's, so every API version shares this.
import { rateLimitHoldMs, retryDelayMs, sleep, MAX_RATE_LIMIT_HOLD_MS, type BackoffPolicy } from './backoff';
import { ApiError } from './errors';
import type { QueryValue } from './encoding';
import type { Priority } from './limiter';
import { rateLimitedNotice, tellSender, type MoveNotice, type MoveNoticeListener } from './move-notices';
import type { MoneyMove, PendingOperation, Settled } from './operations';
import { outcomeUnknown, type HttpMethod, type RestTransport, type SentRequest } from './transport';

/**
 * A money move the service refused with 429 was refused before it was handled, so it is sent
 * again, visibly, after the service's Retry-After (or one window of its count): a few times, with
 * growing jittered waits so two desks sharing the account do not collide again in step.
 */
export const MOVE_RATE_LIMIT_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 8_000, maxAttempts: 4 };

export interface MoveDescription {
  kind: MoneyMove;
  currency: string;
  amount: string;
  destination: string | undefined;
}

export interface CallSettings {
  /** Extra time after a signature stops being accepted before a missing operation is declared absent. */
  settleGraceMs: number;
  /** Told of every money move sent again (besides the listener of the work that sent it). */
  onMoveNotice?: MoveNoticeListener;
}

export class ServiceCalls {
  constructor(
    readonly transport: RestTransport,
    readonly priority: Priority,
    private readonly settings: CallSettings,
  ) {}

  withPriority(priority: Priority): ServiceCalls {
    return new ServiceCalls(this.transport, priority, this.settings);
  }

  read(path: string, query?: Record<string, QueryValue>, signed = true): Promise<unknown> {
    return this.transport.send({ method: 'GET', path, query, signed, retry: 'idempotent', priority: this.priority });
  }

  publicRead(path: string, query?: Record<string, QueryValue>): Promise<unknown> {
    return this.read(path, query, false);
  }

  /** PUT/DELETE the service documents as idempotent (withdrawal commit and rollback), and reads sent as POST. */
  idempotent(method: HttpMethod, path: string, body?: Record<string, unknown> | readonly unknown[]): Promise<unknown> {
    return this.transport.send({ method, path, body, signed: true, retry: 'idempotent', priority: this.priority });
  }

  /** Not money, but not safe to repeat either (a new address, a freeze): sent once. */
  once(method: HttpMethod, path: string, body?: Record<string, unknown>): Promise<unknown> {
    return this.transport.send({ method, path, body, signed: true, retry: 'once', priority: this.priority });
  }

  /**
   * Sent once, save that a 429 (refused before handling) is sent again after the wait, each time
   * told (see move-notices.ts). An unknown outcome, or a success reply we cannot read, becomes
   * `uncertain`.
   */
  async moveMoney<T>(move: MoveDescription, path: string, body: Record<string, unknown>, parse: (value: unknown) => T): Promise<Settled<T>> {
    // Unbounded until a signature says otherwise: a move that failed before signing claims no deadline.
    const sent: SentRequest = { sentAtMs: this.transport.clock.now(), acceptedUntilMs: null };
    let reply: unknown;
    for (let attempt = 1; ; attempt += 1) {
      try {
        reply = await this.transport.send({ method: 'POST', path, body, signed: true, retry: 'once', priority: 'user' }, sent);
        break;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (outcomeUnknown(error)) return this.uncertain(move, sent, error.userMessage);
        if (error.status !== 429) throw error;
        await this.waitOutRateLimit(move, path, error, attempt);
      }
    }
    try {
      return { status: 'done', value: parse(reply) };
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return this.uncertain(move, sent, `The service accepted the request but its reply was unreadable: ${why}`);
    }
  }

  /** Waits before sending a rate-limited move again, saying so; throws the 429 when the move has had its tries. */
  private async waitOutRateLimit(move: MoveDescription, path: string, error: ApiError, attempt: number): Promise<void> {
    const policy = MOVE_RATE_LIMIT_BACKOFF;
    const logger = this.transport.logger;
    if (attempt >= policy.maxAttempts || (error.retryAfterMs ?? 0) > MAX_RATE_LIMIT_HOLD_MS) {
      logger.warn('rate limited: money move not sent', { path, kind: move.kind, attempts: attempt, retryAfterMs: error.retryAfterMs });
      throw error;
    }
    const waitMs = retryDelayMs(attempt - 1, policy, rateLimitHoldMs(error.retryAfterMs));
    const notice = rateLimitedNotice(move.kind, attempt, policy.maxAttempts, waitMs);
    logger.warn('rate limited: sending the money move again', { path, kind: move.kind, attempt, retryInMs: waitMs, retryAfterMs: error.retryAfterMs });
    this.tell(notice);
    await sleep(waitMs);
  }

  /** A listener that throws must not stop the move it is told about. */
  private tell(notice: MoveNotice): void {
    for (const listener of [tellSender, this.settings.onMoveNotice]) {
      try {
        listener?.(notice);
      } catch (cause) {
        this.transport.logger.error('move notice listener failed', { error: cause });
      }
    }
  }

  private uncertain<T>(move: MoveDescription, sent: SentRequest, reason: string): Settled<T> {
    const until = sent.acceptedUntilMs;
    const operation: PendingOperation = {
      ...move,
      sentAtMs: sent.sentAtMs,
      settleByMs: until === null ? null : until + this.settings.settleGraceMs,
    };
    return { status: 'uncertain', operation, reason };
  }
}
