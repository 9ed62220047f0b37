// The ACL editor's draft and what it would do: each setting is kept as is unless the person
// chooses a value, and every selected account shows its settings before → after (or why the
// service lets nobody edit them). Only the settings chosen are sent.
import type { AclChangeInput, SubAccountAclView, SubAccountRow, SubAccountStatus } from '../../../../preload/contract';

/** keep: leave the setting as each account has it. */
export type Toggle = 'keep' | 'on' | 'off';

export interface AclDraft {
  withdraw: Toggle;
  depositAddress: Toggle;
  /** null: keep each account's description; a string (empty clears it): the new description. */
  description: string | null;
}

export const DESCRIPTION_MAX = 255;
export const ACL_SETTINGS = ['withdraw', 'depositAddress', 'description'] as const;
export type AclSetting = (typeof ACL_SETTINGS)[number];

export function emptyAclDraft(): AclDraft {
  return { withdraw: 'keep', depositAddress: 'keep', description: null };
}

export type AclPreviewRow =
  | { id: string; email: string; status: SubAccountStatus; editable: true; before: SubAccountAclView; after: SubAccountAclView; changes: AclSetting[] }
  | { id: string; email: string; status: SubAccountStatus; editable: false; reason: string };

const toggled = (toggle: Toggle, current: boolean): boolean => (toggle === 'keep' ? current : toggle === 'on');

export function descriptionProblem(draft: AclDraft): string | undefined {
  if (draft.description === null) return undefined;
  if (draft.description.trim().length > DESCRIPTION_MAX) return `At most ${DESCRIPTION_MAX} characters.`;
  return undefined;
}

/** What each account's settings would become. */
export function aclPreview(rows: readonly SubAccountRow[], draft: AclDraft): AclPreviewRow[] {
  return rows.map((row) => {
    const base = { id: row.id, email: row.email, status: row.status };
    if (row.acl === null) {
      return { ...base, editable: false, reason: row.aclMissingReason ?? 'The service lists no permissions for it.' };
    }
    const before = row.acl;
    const after: SubAccountAclView = {
      ...before,
      withdrawEnabled: toggled(draft.withdraw, before.withdrawEnabled),
      depositAddressGenerationEnabled: toggled(draft.depositAddress, before.depositAddressGenerationEnabled),
      description: draft.description === null ? before.description : draft.description.trim(),
    };
    const changes = ACL_SETTINGS.filter((setting) => {
      if (setting === 'withdraw') return after.withdrawEnabled !== before.withdrawEnabled;
      if (setting === 'depositAddress') return after.depositAddressGenerationEnabled !== before.depositAddressGenerationEnabled;
      return after.description !== before.description;
    });
    return { ...base, editable: true, before, after, changes };
  });
}

/** The request for the accounts the draft changes (no others are sent), or null when it changes none. */
export function aclChangeInput(preview: readonly AclPreviewRow[], draft: AclDraft): AclChangeInput | null {
  const ids = preview.filter((row) => row.editable && row.changes.length > 0).map((row) => row.id);
  if (ids.length === 0) return null;
  const input: AclChangeInput = { ids };
  if (draft.withdraw !== 'keep') input.withdrawEnabled = draft.withdraw === 'on';
  if (draft.depositAddress !== 'keep') input.depositAddressGenerationEnabled = draft.depositAddress === 'on';
  if (draft.description !== null) input.description = draft.description.trim();
  return Object.keys(input).length > 1 ? input : null;
}

/** How many editable accounts the draft would actually change. */
export function changedCount(preview: readonly AclPreviewRow[]): number {
  return preview.filter((row) => row.editable && row.changes.length > 0).length;
}
