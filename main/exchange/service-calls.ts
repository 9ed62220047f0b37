// The three ways a version adapter calls the service: reads (retried), idempotent writes
// (retried), and once-only writes; money-moving ones come back `uncertain` when the outcome is
// unknown instead of being re-sent. Paths are the caller's, so every API version shares this.
import { ApiError } from './errors';
import type { QueryValue } from './encoding';
import type { Priority } from './limiter';
import type { MoneyMove, PendingOperation, Settled } from './operations';
import { outcomeUnknown, type HttpMethod, type RestTransport, type SentRequest } from './transport';

export interface MoveDescription {
  kind: MoneyMove;
  currency: string;
  amount: string;
  destination: string | undefined;
}

export interface CallSettings {
  /** Extra time after a signature stops being accepted before a missing operation is declared absent. */
  settleGraceMs: number;
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

  /** Sent once. An unknown outcome, or a success reply we cannot read, becomes `uncertain`. */
  async moveMoney<T>(move: MoveDescription, path: string, body: Record<string, unknown>, parse: (value: unknown) => T): Promise<Settled<T>> {
    // Unbounded until a signature says otherwise: a move that failed before signing claims no deadline.
    const sent: SentRequest = { sentAtMs: this.transport.clock.now(), acceptedUntilMs: null };
    let reply: unknown;
    try {
      reply = await this.transport.send({ method: 'POST', path, body, signed: true, retry: 'once', priority: 'user' }, sent);
    } catch (error) {
      if (error instanceof ApiError && outcomeUnknown(error)) return this.uncertain(move, sent, error.userMessage);
      throw error;
    }
    try {
      return { status: 'done', value: parse(reply) };
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return this.uncertain(move, sent, `The service accepted the request but its reply was unreadable: ${why}`);
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
