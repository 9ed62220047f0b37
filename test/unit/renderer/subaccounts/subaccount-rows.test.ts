// The sub-accounts table's pure logic: search over email, id and description; the status filter;
// sorting with unread values last either way; sums that leave out (and count) what could not be
// read; and which selection actions are on.
import { describe, expect, it } from 'vitest';
import { combinedTotal, defaultFilter, summaryFigures, sumSubAccounts, visibleSubAccounts, withTotals } from '../../../../renderer/src/modules/subaccounts/subaccount-rows';
import { selectionActions, transferBlockedReason } from '../../../../renderer/src/modules/subaccounts/selection-actions';
import { subAccount, totals } from './fixtures';

const rows = [
  subAccount('10', 'active', { email: 'beta@sandbox.test' }),
  subAccount('9', 'frozen', { email: 'alpha@sandbox.test' }),
  subAccount('100', 'new', { email: 'gamma@sandbox.test', acl: { withdrawEnabled: false, depositAddressGenerationEnabled: true, description: 'Payroll desk', updatedAt: null } }),
  subAccount('11', 'disabled', { email: 'delta@sandbox.test' }),
];
const views = withTotals(rows, {
  '10': totals('10', '50', '5'),
  '9': totals('9', '200.5', '0'),
  '11': totals('11', null, null, { error: 'Timed out (code 504)' }),
});
const ids = (list: { id: string }[]) => list.map((row) => row.id);

describe('visibleSubAccounts', () => {
  it('searches email, id and description, case-insensitively', () => {
    expect(ids(visibleSubAccounts(views, { ...defaultFilter(), search: 'ALPHA' }))).toEqual(['9']);
    expect(ids(visibleSubAccounts(views, { ...defaultFilter(), search: '100' }))).toEqual(['100']);
    expect(ids(visibleSubAccounts(views, { ...defaultFilter(), search: 'payroll' }))).toEqual(['100']);
  });

  it('filters by status', () => {
    expect(ids(visibleSubAccounts(views, { ...defaultFilter(), status: 'frozen' }))).toEqual(['9']);
  });

  it('sorts ids as numbers, emails as text, statuses in their order', () => {
    expect(ids(visibleSubAccounts(views, { ...defaultFilter(), sortKey: 'id', sortOrder: 'ascend' }))).toEqual(['9', '10', '11', '100']);
    expect(ids(visibleSubAccounts(views, { ...defaultFilter(), sortKey: 'email', sortOrder: 'descend' }))).toEqual(['100', '11', '10', '9']);
    expect(ids(visibleSubAccounts(views, { ...defaultFilter(), sortKey: 'status', sortOrder: 'ascend' }))).toEqual(['10', '100', '9', '11']);
  });

  it('sorts values as decimals, with unread and failed ones last in both directions', () => {
    expect(ids(visibleSubAccounts(views, { ...defaultFilter(), sortKey: 'walletValue', sortOrder: 'descend' }))).toEqual(['9', '10', '11', '100']);
    expect(ids(visibleSubAccounts(views, { ...defaultFilter(), sortKey: 'walletValue', sortOrder: 'ascend' }))).toEqual(['10', '9', '11', '100']);
  });
});

describe('sumSubAccounts', () => {
  it('adds wallet and spot as decimals and counts the accounts that could not be read apart', () => {
    const sums = sumSubAccounts([totals('a', '0.1', '0.2'), totals('b', '0.2', '0'), totals('c', null, null, { error: 'no' }), totals('d', '1', '1', { unvalued: ['XRP'] })]);
    expect(sums).toEqual({ wallet: '1.3', spot: '1.2', total: '2.5', counted: 3, failed: 1, unvalued: ['XRP'] });
  });

  it('puts the master beside it only when its total is known', () => {
    expect(combinedTotal('2.5', '100.25')).toBe('102.75');
    expect(combinedTotal('2.5', null)).toBeNull();
  });

  it('shows no sums while no listed account has been read: unknown is not zero', () => {
    const none = sumSubAccounts([totals('a', null, null, { error: 'The service could not be reached.' })]);
    expect(summaryFigures(none, 2, '100')).toEqual({ wallet: null, spot: null, total: null, together: null });
    expect(summaryFigures(sumSubAccounts([]), 2, '100').total).toBeNull(); // totals not read yet
    const some = sumSubAccounts([totals('a', '0', '0'), totals('b', null, null, { error: 'no' })]);
    expect(summaryFigures(some, 2, '100')).toEqual({ wallet: '0', spot: '0', total: '0', together: '100' });
    expect(summaryFigures(sumSubAccounts([]), 0, '100')).toEqual({ wallet: '0', spot: '0', total: '0', together: '100' });
  });
});

describe('selectionActions', () => {
  it('offers nothing without a selection', () => {
    expect(selectionActions([]).freeze).toEqual({ enabled: false, reason: 'Select sub-accounts first.' });
  });

  it('offers only what at least one selected account can take', () => {
    const frozenOnly = selectionActions([rows[1]!, rows[3]!]);
    expect(frozenOnly.freeze.enabled).toBe(false);
    expect(frozenOnly.activate.enabled).toBe(true);
    expect(frozenOnly.editAcl.enabled).toBe(false);
    expect(frozenOnly.sweep.enabled).toBe(false);
    const activeOnly = selectionActions([rows[0]!]);
    expect([activeOnly.freeze.enabled, activeOnly.activate.enabled, activeOnly.editAcl.enabled, activeOnly.sweep.enabled]).toEqual([true, false, true, true]);
    expect(activeOnly.activate.reason).toBe('Every selected account is already active.');
  });

  it('refuses transfers with frozen and disabled accounts', () => {
    expect(transferBlockedReason({ status: 'active' })).toBeNull();
    expect(transferBlockedReason({ status: 'frozen' })).toMatch(/frozen: the service refuses transfers/);
    expect(transferBlockedReason({ status: 'disabled' })).toMatch(/disabled by the service/);
  });
});
