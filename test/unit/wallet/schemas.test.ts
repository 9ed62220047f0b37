import { describe, expect, it } from 'vitest';
import { AUDIT_OPERATIONS } from '../../../preload/contract/audit';
import { WALLET_OPERATIONS } from '../../../preload/contract/wallet';
import { WITHDRAWAL_OPERATIONS } from '../../../preload/contract/withdrawals';

const SPECS = { ...WALLET_OPERATIONS, ...WITHDRAWAL_OPERATIONS, ...AUDIT_OPERATIONS };
const S = Object.fromEntries(Object.entries(SPECS).map(([op, spec]) => [op, spec.request])) as { [K in keyof typeof SPECS]: (typeof SPECS)[K]['request'] };
const WALLET_OPERATION_NAMES = [
  'getWalletOverview', 'listWalletCurrencies', 'listDepositAddresses', 'createDepositAddress', 'listRecentDepositAddresses',
  'checkOwnAddress', 'transferFunds', 'estimateWithdrawalFee', 'prepareWithdrawal', 'listApprovals', 'commitWithdrawal',
  'rollbackWithdrawal', 'listAudit', 'exportAuditCsvChunk', 'verifyAudit', 'getServiceClock',
];

const firstIssue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const issue = result.error?.issues[0];
  return { field: issue?.path.map(String).join('.'), message: issue?.message };
};

describe('wallet request schemas', () => {
  it('has a schema for every operation', () => {
    expect(Object.keys(S).sort()).toEqual([...WALLET_OPERATION_NAMES].sort());
  });

  it('accepts a full withdrawal and trims its text', () => {
    const parsed = S.prepareWithdrawal.parse({ currency: ' BTC ', network: 'BTC', address: ' bc1qxyz ', amount: '0.5', includeFee: true, publicComment: 'rent' });
    expect(parsed).toMatchObject({ currency: 'BTC', address: 'bc1qxyz', amount: '0.5' });
  });

  it('names the field of a malformed request', () => {
    expect(firstIssue(S.prepareWithdrawal.safeParse({ currency: 'BTC', address: 'x', amount: '1e5' }))).toEqual({ field: 'amount', message: 'amount must be a plain decimal number such as 0.25' });
    expect(firstIssue(S.prepareWithdrawal.safeParse({ currency: 'BTC', address: 'x', amount: 0.5 })).field).toBe('amount');
    expect(firstIssue(S.prepareWithdrawal.safeParse({ currency: 'BTC', address: 'x', amount: '1', publicComment: 'x'.repeat(256) })).field).toBe('publicComment');
    expect(S.prepareWithdrawal.safeParse({ currency: 'BTC', address: 'x', amount: '1', autoCommit: true }).success).toBe(false);
    expect(firstIssue(S.transferFunds.safeParse({ currency: 'BTC', amount: '1', from: 'wallet', to: 'wallet' }))).toEqual({ field: 'to', message: 'from and to must differ' });
    expect(firstIssue(S.listAudit.safeParse({ from: 'yesterday' })).field).toBe('from');
    expect(firstIssue(S.commitWithdrawal.safeParse({ id: '' })).field).toBe('id');
  });

  it('takes no payload where none is needed', () => {
    expect(S.listApprovals.parse(undefined)).toBeUndefined();
    expect(S.verifyAudit.parse(null)).toBeUndefined();
  });
});
