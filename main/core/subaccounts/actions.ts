// Freezing and activating sub-accounts: one request per account, one after the other, each
// audited before and after, so every account has its own outcome. The list is read again after
// the batch and each row says the status the service now reports: nothing half-applied is hidden.
import type { AuditAction } from '../../../preload/contract/audit';
import type { SubAccountActionResult, SubAccountOutcome, SubAccountStatus } from '../../../preload/contract/subaccounts';
import { isApiError } from '../../exchange/errors';
import type { TreasuryApi } from '../../exchange/treasury-api';
import type { AuditLog } from '../audit/audit-log';
import { audited } from '../audit/audited';
import { answerLost, failureText } from '../session/api-failure';
import type { ProfileRef } from '../session/ports';
import { nameOf, type KnownSubAccount, type Roster } from './roster';

export type ActionsApi = Pick<TreasuryApi, 'freezeSubAccounts' | 'activateSubAccounts'>;

export interface ActionsDeps {
  api: ActionsApi;
  audit: AuditLog;
  profile: ProfileRef;
  roster: Roster;
}

const CANNOT_ACTIVATE = 'A disabled account cannot be activated: the service disabled it';
const NOT_FROZEN = 'The service answered that it did not freeze it';

interface Attempt {
  id: string;
  email: string;
  outcome: SubAccountOutcome;
  message: string;
}

/** What the audit entry of a request keeps when it throws. */
export const auditedFailure = (error: unknown) => ({ outcome: answerLost(error) ? ('uncertain' as const) : ('error' as const), error: failureText(error) });

/** How an audit entry names the account. */
export const auditName = (sub: Pick<KnownSubAccount, 'id' | 'email'>): string => `${nameOf(sub)} (id ${sub.id})`;

export function uniqueIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.trim()))];
}

export class StatusActions {
  constructor(private readonly deps: ActionsDeps) {}

  freeze(ids: readonly string[]): Promise<SubAccountActionResult[]> {
    return this.batch('subAccountFreeze', ids);
  }

  activate(ids: readonly string[]): Promise<SubAccountActionResult[]> {
    return this.batch('subAccountActivate', ids);
  }

  private async batch(action: 'subAccountFreeze' | 'subAccountActivate', ids: readonly string[]): Promise<SubAccountActionResult[]> {
    const listed = await this.deps.roster.all();
    const attempts: Attempt[] = [];
    for (const id of uniqueIds(ids)) {
      const sub = listed.find((s) => s.id === id);
      if (sub === undefined) {
        attempts.push({ id, email: '', outcome: 'failed', message: `No sub-account ${id} belongs to this account: nothing was sent` });
        continue;
      }
      attempts.push({ id, email: sub.email, ...(await this.send(action, sub)) });
    }
    const after = await this.deps.roster.statusesNow();
    return attempts.map((attempt) => {
      const statusAfter = after.get(attempt.id) ?? null;
      return { ...attempt, message: finalWords(attempt, statusAfter), statusAfter };
    });
  }

  private async send(action: AuditAction & ('subAccountFreeze' | 'subAccountActivate'), sub: KnownSubAccount): Promise<Omit<Attempt, 'id' | 'email'>> {
    const freezing = action === 'subAccountFreeze';
    const { profile, api, audit } = this.deps;
    const subject = { profileId: profile.id, profileName: profile.name, action, detail: auditName(sub) };
    try {
      const accepted = await audited(audit, subject, {
        run: () => (freezing ? api.freezeSubAccounts([sub.id]) : api.activateSubAccounts([sub.id])),
        settled: (ok) => (ok ? { outcome: 'ok' } : { outcome: 'error', error: freezing ? NOT_FROZEN : CANNOT_ACTIVATE }),
        failed: auditedFailure,
      });
      if (accepted) return { outcome: 'done', message: freezing ? 'Frozen' : 'Activated' };
      return freezing ? { outcome: 'failed', message: NOT_FROZEN } : { outcome: 'cannotActivate', message: CANNOT_ACTIVATE };
    } catch (error) {
      if (freezing && isApiError(error) && error.code === 21004) return { outcome: 'alreadyBlocked', message: failureText(error) };
      if (answerLost(error)) return { outcome: 'uncertain', message: failureText(error) };
      return { outcome: 'failed', message: failureText(error) };
    }
  }
}

/** The outcome's words once the status after the batch is known. */
function finalWords(attempt: Attempt, statusAfter: SubAccountStatus | null): string {
  if (attempt.outcome === 'alreadyBlocked') {
    return statusAfter === 'disabled'
      ? 'Disabled by the service, so it cannot be frozen (code 21004)'
      : 'Already frozen: the service refused to freeze it again (code 21004)';
  }
  if (attempt.outcome === 'uncertain') {
    const now = statusAfter === null ? 'the list could not be read again: check it before repeating' : `the list read again shows it ${statusAfter}`;
    return `The answer was lost (${attempt.message}); ${now}`;
  }
  return attempt.message;
}
