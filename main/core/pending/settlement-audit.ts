// Every settlement of a move, automatic or by a person, is an audit entry linked to the move's
// attempt by its correlation id (the move's id).
import type { AuditAction } from '../../../preload/contract/audit';
import type { AuditLog } from '../audit/audit-log';
import { failureText } from '../session/api-failure';
import type { ProfileRef } from '../session/ports';
import type { PendingMove } from './store';

const AUDIT_ACTION_OF: Readonly<Record<PendingMove['kind'], AuditAction>> = {
  withdraw: 'prepare',
  commit: 'commit',
  rollback: 'rollback',
  transfer: 'transfer',
  convert: 'convert',
  internalWithdraw: 'internalWithdraw',
  subAccountTransfer: 'subAccountTransfer',
  buyCryptoOrder: 'buyCryptoOrder',
  spotOrder: 'spotOrder',
};

export function auditActionOf(kind: PendingMove['kind']): AuditAction {
  return AUDIT_ACTION_OF[kind];
}

export function auditSettlement(audit: AuditLog, profile: ProfileRef, move: PendingMove, by: 'reconciler' | 'person'): void {
  const who = by === 'person' ? 'by a person' : 'by the reconciler';
  const base = {
    profileId: profile.id, profileName: profile.name, action: auditActionOf(move.kind), phase: 'result' as const,
    correlationId: move.id, currency: move.currency, amount: move.amount,
    address: move.kind === 'withdraw' ? move.destination : null,
    txId: move.kind === 'commit' || move.kind === 'rollback' ? move.subjectId : null,
  };
  try {
    if (move.state === 'found') {
      audit.append({ ...base, outcome: 'ok', txId: move.txIds[0] ?? base.txId, detail: `reconciled ${who}: ${move.reason ?? 'found'}` });
    } else if (move.state === 'absent') {
      audit.append({ ...base, outcome: 'error', error: 'not found in the history', detail: `reconciled ${who}: ${move.reason ?? 'absent'}` });
    } else if (move.state === 'ambiguous') {
      const ids = move.candidates.map((c) => c.id).join(', ');
      audit.append({ ...base, outcome: 'uncertain', error: 'ambiguous', detail: `${move.candidates.length} candidates (${ids}); waiting for a person` });
    }
  } catch (error) {
    console.error(`[pending] could not audit a settlement: ${failureText(error)}`);
  }
}
