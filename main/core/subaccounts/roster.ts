// The master's sub-accounts as the service lists them: each one's status in the contract's words,
// what that status allows, and the list with every account's permissions (ACL) read at once.
import type { SubAccountAclView, SubAccountList, SubAccountStatus } from '../../../preload/contract/subaccounts';
import type { SubAccount, SubAccountAcl } from '../../exchange/domain';
import type { TreasuryApi } from '../../exchange/treasury-api';
import { invalid } from '../field-checks';
import { failureText, serviceCall } from '../session/api-failure';

export type RosterApi = Pick<TreasuryApi, 'subAccounts' | 'subAccountAcl'>;

/**
 * The service's words for a status (api-v2 lists new, active and disable; the word for frozen is
 * not documented, 'frozen' is what it answers). A word not listed here is shown as disabled, the
 * status that allows least: no transfer and no permission change is sent for it, while freezing
 * and activating are still left to the service to answer.
 */
const STATUS_OF_WORD: Readonly<Record<string, SubAccountStatus>> = {
  new: 'new',
  active: 'active',
  frozen: 'frozen',
  disable: 'disabled',
  disabled: 'disabled',
};

export interface KnownSubAccount {
  id: string;
  email: string;
  status: SubAccountStatus;
  /** The status as the service wrote it. */
  serviceStatus: string;
}

export function toKnown(sub: SubAccount): KnownSubAccount {
  const word = sub.status.trim().toLowerCase();
  return { id: sub.id, email: sub.email, status: STATUS_OF_WORD[word] ?? 'disabled', serviceStatus: sub.status };
}

/** How an account is named in messages: its email, or its id when the service gave no email. */
export function nameOf(sub: Pick<KnownSubAccount, 'id' | 'email'>): string {
  return sub.email === '' ? `sub-account ${sub.id}` : sub.email;
}

const isKnownWord = (sub: KnownSubAccount): boolean => STATUS_OF_WORD[sub.serviceStatus.trim().toLowerCase()] !== undefined;

/** Why transfers with this account are refused before sending; null when it may transact. */
export function transferBlock(sub: KnownSubAccount): string | null {
  if (!isKnownWord(sub)) return `${nameOf(sub)} has the status '${sub.serviceStatus}', which Coffer does not know: transfers with it are not sent`;
  if (sub.status === 'frozen') return `${nameOf(sub)} is frozen: transfers with it are refused until it is activated`;
  if (sub.status === 'disabled') return `${nameOf(sub)} is disabled by the service: transfers with it are refused`;
  return null;
}

/** Why the permissions of an account cannot be read or changed (the service lists them empty). */
export function aclBlock(sub: KnownSubAccount): string {
  if (!isKnownWord(sub)) return `The service reports the status '${sub.serviceStatus}', which Coffer does not know: its permissions are not changed`;
  if (sub.status === 'frozen') return 'Frozen: its permissions can be read and changed again once it is activated';
  if (sub.status === 'disabled') return 'Disabled by the service: its permissions cannot be changed';
  return 'The service lists no permissions for it';
}

export function toAclView(acl: SubAccountAcl): SubAccountAclView {
  return {
    withdrawEnabled: acl.withdrawEnabled,
    depositAddressGenerationEnabled: acl.depositAddressGenerationEnabled,
    description: acl.description ?? '',
    updatedAt: acl.updatedAt ?? null,
  };
}

export class Roster {
  constructor(private readonly api: RosterApi) {}

  async all(): Promise<KnownSubAccount[]> {
    return (await serviceCall(() => this.api.subAccounts())).map(toKnown);
  }

  /** Each account's status as the service reports it now; empty when the list cannot be read. */
  async statusesNow(): Promise<Map<string, SubAccountStatus>> {
    try {
      return new Map((await this.all()).map((s) => [s.id, s.status]));
    } catch {
      return new Map();
    }
  }

  /** The listed account with this id, or a failure on `field`. */
  async find(id: string, field: string): Promise<KnownSubAccount> {
    return findIn(await this.all(), id, field);
  }

  /** Every account with its ACL, read in one request; an ACL that cannot be read leaves the list readable. */
  async list(profileId: string): Promise<SubAccountList> {
    const subs = await this.all();
    let acls: SubAccountAcl[] = [];
    let aclFailure: string | null = null;
    if (subs.length > 0) {
      try {
        acls = await this.api.subAccountAcl(subs.map((s) => s.id));
      } catch (error) {
        aclFailure = `Its permissions could not be read: ${failureText(error)}`;
      }
    }
    const aclOf = new Map(acls.map((acl) => [acl.subAccountId, acl]));
    return {
      profileId,
      subAccounts: subs.map((sub) => {
        const acl = aclOf.get(sub.id);
        if (acl !== undefined) return { id: sub.id, email: sub.email, status: sub.status, acl: toAclView(acl), aclMissingReason: null };
        return { id: sub.id, email: sub.email, status: sub.status, acl: null, aclMissingReason: aclFailure ?? aclBlock(sub) };
      }),
      asOf: new Date().toISOString(),
    };
  }
}

export function findIn(subs: readonly KnownSubAccount[], id: string, field: string): KnownSubAccount {
  const wanted = id.trim();
  const sub = subs.find((s) => s.id === wanted);
  if (sub === undefined) throw invalid(field, `No sub-account ${wanted} belongs to this account`);
  return sub;
}
