// Changing sub-accounts' permissions (ACL): each account's current ACL is read first (one request
// for all), an account the service lists none for (frozen, disabled) is skipped with the reason,
// one with nothing to change is skipped, and each other one gets its own audited request whose
// answer is the "after" shown beside the "before".
import { hiddenCharacterProblem } from '../../../preload/contract/text-rules';
import type { AclChangeInput, AclChangeResult, SubAccountAclView } from '../../../preload/contract/subaccounts';
import type { SubAccountAcl, SubAccountAclChange } from '../../exchange/domain';
import type { TreasuryApi } from '../../exchange/treasury-api';
import type { AuditLog } from '../audit/audit-log';
import { audited } from '../audit/audited';
import { invalid } from '../field-checks';
import { answerLost, failureText, serviceCall } from '../session/api-failure';
import type { ProfileRef } from '../session/ports';
import { auditedFailure, auditName, uniqueIds } from './actions';
import { aclBlock, toAclView, transferBlock, type KnownSubAccount, type Roster } from './roster';

export type AclApi = Pick<TreasuryApi, 'subAccountAcl' | 'setSubAccountAcl'>;

export interface AclDeps {
  api: AclApi;
  audit: AuditLog;
  profile: ProfileRef;
  roster: Roster;
}

type Draft = Omit<AclChangeResult, 'statusAfter'>;

const onOff = (value: boolean): string => (value ? 'on' : 'off');

/** Only what the input sets and differs from the current ACL. */
export function aclChange(before: SubAccountAclView, input: AclChangeInput): SubAccountAclChange {
  const change: SubAccountAclChange = {};
  if (input.withdrawEnabled !== undefined && input.withdrawEnabled !== before.withdrawEnabled) change.withdrawEnabled = input.withdrawEnabled;
  if (input.depositAddressGenerationEnabled !== undefined && input.depositAddressGenerationEnabled !== before.depositAddressGenerationEnabled) {
    change.depositAddressGenerationEnabled = input.depositAddressGenerationEnabled;
  }
  const description = input.description?.trim();
  if (description !== undefined && description !== before.description) change.description = description;
  return change;
}

/** e.g. "withdrawals on → off; description '' → 'desk A'". */
export function describeChange(before: SubAccountAclView, change: SubAccountAclChange): string {
  const parts: string[] = [];
  if (change.withdrawEnabled !== undefined) parts.push(`withdrawals ${onOff(before.withdrawEnabled)} → ${onOff(change.withdrawEnabled)}`);
  if (change.depositAddressGenerationEnabled !== undefined) {
    parts.push(`deposit addresses ${onOff(before.depositAddressGenerationEnabled)} → ${onOff(change.depositAddressGenerationEnabled)}`);
  }
  if (change.description !== undefined) parts.push(`description '${before.description}' → '${change.description}'`);
  return parts.join('; ');
}

export class AclEditor {
  constructor(private readonly deps: AclDeps) {}

  async change(input: AclChangeInput): Promise<AclChangeResult[]> {
    if (input.description !== undefined) {
      const hidden = hiddenCharacterProblem(input.description, 'The description');
      if (hidden !== null) throw invalid('description', hidden);
    }
    const ids = uniqueIds(input.ids);
    const listed = await this.deps.roster.all();
    const known = listed.filter((s) => ids.includes(s.id));
    const current = await this.read(known.map((s) => s.id));
    const drafts: Draft[] = [];
    for (const id of ids) {
      const sub = known.find((s) => s.id === id);
      drafts.push(sub === undefined ? unknownAccount(id) : await this.one(sub, current.get(id), input));
    }
    return this.settle(drafts);
  }

  private async one(sub: KnownSubAccount, before: SubAccountAclView | undefined, input: AclChangeInput): Promise<Draft> {
    const base = { id: sub.id, email: sub.email };
    if (transferBlock(sub) !== null || before === undefined) {
      return { ...base, outcome: 'skipped', message: aclBlock(sub), before: before ?? null, after: null };
    }
    const change = aclChange(before, input);
    if (Object.keys(change).length === 0) return { ...base, outcome: 'skipped', message: 'Nothing to change', before, after: before };
    const words = describeChange(before, change);
    const { profile, api, audit } = this.deps;
    const subject = { profileId: profile.id, profileName: profile.name, action: 'subAccountAcl' as const, detail: `${auditName(sub)}: ${words}` };
    try {
      const reply = await audited(audit, subject, { run: () => api.setSubAccountAcl([sub.id], change), settled: () => ({ outcome: 'ok' }), failed: auditedFailure });
      const after = reply.find((acl) => acl.subAccountId === sub.id);
      return { ...base, outcome: 'done', message: `Changed: ${words}`, before, after: after === undefined ? null : toAclView(after) };
    } catch (error) {
      return { ...base, outcome: answerLost(error) ? 'uncertain' : 'failed', message: failureText(error), before, after: null };
    }
  }

  /** Statuses after the batch, and the ACL of each account whose answer was lost, read again. */
  private async settle(drafts: Draft[]): Promise<AclChangeResult[]> {
    const statuses = await this.deps.roster.statusesNow();
    const lost = drafts.filter((d) => d.outcome === 'uncertain').map((d) => d.id);
    const reread = lost.length === 0 ? null : await this.read(lost).catch(() => null);
    return drafts.map((draft) => {
      const statusAfter = statuses.get(draft.id) ?? null;
      if (draft.outcome !== 'uncertain') return { ...draft, statusAfter };
      const after = reread?.get(draft.id) ?? null;
      const now = reread === null ? 'its permissions could not be read again: check them before repeating' : 'its permissions read again are shown as after';
      return { ...draft, after, statusAfter, message: `The answer was lost (${draft.message}); ${now}` };
    });
  }

  private async read(ids: readonly string[]): Promise<Map<string, SubAccountAclView>> {
    if (ids.length === 0) return new Map();
    const acls: SubAccountAcl[] = await serviceCall(() => this.deps.api.subAccountAcl(ids));
    return new Map(acls.map((acl) => [acl.subAccountId, toAclView(acl)]));
  }
}

function unknownAccount(id: string): Draft {
  return { id, email: '', outcome: 'failed', message: `No sub-account ${id} belongs to this account: nothing was sent`, before: null, after: null };
}
