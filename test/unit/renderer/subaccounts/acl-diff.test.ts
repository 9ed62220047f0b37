// The ACL editor's draft: settings kept as is unless chosen; before → after per account; accounts
// without an ACL listed with their reason; only the settings chosen, for the accounts they
// change, are sent.
import { describe, expect, it } from 'vitest';
import { aclChangeInput, aclPreview, changedCount, descriptionProblem, emptyAclDraft } from '../../../../renderer/src/modules/subaccounts/acl-diff';
import { subAccount } from './fixtures';

const open = subAccount('1');
const closed = subAccount('2', 'active', { acl: { withdrawEnabled: false, depositAddressGenerationEnabled: false, description: 'Desk B', updatedAt: null } });
const frozen = subAccount('3', 'frozen');

describe('aclPreview', () => {
  it('keeps everything as is by default and sends nothing', () => {
    const preview = aclPreview([open, closed], emptyAclDraft());
    expect(preview.map((row) => row.editable && row.changes)).toEqual([[], []]);
    expect(aclChangeInput(preview, emptyAclDraft())).toBeNull();
  });

  it('shows before → after per account and sends only the accounts it changes', () => {
    const draft = { ...emptyAclDraft(), withdraw: 'off' as const };
    const preview = aclPreview([open, closed, frozen], draft);
    const first = preview[0]!;
    expect(first.editable && [first.before.withdrawEnabled, first.after.withdrawEnabled, first.changes]).toEqual([true, false, ['withdraw']]);
    expect(preview[1]!.editable && preview[1]!.changes).toEqual([]);
    expect(preview[2]).toEqual({ id: '3', email: '3@sandbox.test', status: 'frozen', editable: false, reason: 'The service lists no permissions for a frozen account.' });
    expect(changedCount(preview)).toBe(1);
    expect(aclChangeInput(preview, draft)).toEqual({ ids: ['1'], withdrawEnabled: false });
  });

  it('replaces or clears the description, trimmed, and keeps it when not chosen', () => {
    const clear = { ...emptyAclDraft(), description: '' };
    expect(aclChangeInput(aclPreview([open, closed], clear), clear)).toEqual({ ids: ['2'], description: '' });
    const set = { ...emptyAclDraft(), description: '  Treasury  ', depositAddress: 'on' as const };
    const preview = aclPreview([open], set);
    expect(preview[0]!.editable && preview[0]!.after.description).toBe('Treasury');
    expect(aclChangeInput(preview, set)).toEqual({ ids: ['1'], depositAddressGenerationEnabled: true, description: 'Treasury' });
  });

  it('refuses a description over 255 characters on its field', () => {
    expect(descriptionProblem({ ...emptyAclDraft(), description: 'x'.repeat(256) })).toBe('At most 255 characters.');
    expect(descriptionProblem({ ...emptyAclDraft(), description: 'x'.repeat(255) })).toBeUndefined();
  });
});
