// Runs one money-moving call between two audit entries: the attempt is on disk before the request
// leaves, the result when it settles (ok, error or uncertain), linked by one correlation id.
// If the attempt cannot be written, the call is not made.
import type { AuditOutcome } from '../../../preload/contract/audit';
import { newCorrelationId, type AuditAppend, type AuditLog } from './audit-log';

export type AuditSubject = Omit<AuditAppend, 'phase' | 'outcome' | 'correlationId' | 'error'> & {
  correlationId?: string;
};

export interface Settlement {
  outcome: Exclude<AuditOutcome, 'sent'>;
  txId?: string | null;
  error?: string | null;
  fee?: string | null;
  detail?: string | null;
}

export interface AuditedCall<T> {
  run: () => Promise<T>;
  /** How a returned value settles (a call can return "uncertain" as data). */
  settled: (value: T) => Settlement;
  /** How a thrown error settles; defaults to outcome 'error' with its message. */
  failed?: (error: unknown) => Settlement;
}

export async function audited<T>(log: AuditLog, subject: AuditSubject, call: AuditedCall<T>): Promise<T> {
  const correlationId = subject.correlationId ?? newCorrelationId();
  const base = { ...subject, correlationId };
  log.append({ ...base, phase: 'attempt', outcome: 'sent' });
  let value: T;
  try {
    value = await call.run();
  } catch (error) {
    const settlement = (call.failed ?? defaultFailure)(error);
    appendResult(log, base, settlement);
    throw error;
  }
  appendResult(log, base, call.settled(value));
  return value;
}

function appendResult(log: AuditLog, base: AuditSubject & { correlationId: string }, settlement: Settlement): void {
  log.append({
    ...base,
    phase: 'result',
    outcome: settlement.outcome,
    txId: settlement.txId ?? base.txId ?? null,
    error: settlement.error ?? null,
    fee: settlement.fee ?? base.fee ?? null,
    detail: settlement.detail ?? base.detail ?? null,
  });
}

function defaultFailure(error: unknown): Settlement {
  return { outcome: 'error', error: error instanceof Error ? error.message : String(error) };
}
