// What the sub-accounts specs hand the fake bridge and the pure helpers: accounts as main lists
// them, their valued totals and balances, sweep plans.
import type { SubAccountBalances, SubAccountRow, SubAccountStatus, SubAccountTotals, SweepPlan, SweepStep } from '../../../../preload/contract';

export function subAccount(id: string, status: SubAccountStatus = 'active', overrides: Partial<SubAccountRow> = {}): SubAccountRow {
  const listed = status === 'active' || status === 'new';
  return {
    id,
    email: `${id}@sandbox.test`,
    status,
    acl: listed ? { withdrawEnabled: true, depositAddressGenerationEnabled: false, description: '', updatedAt: null } : null,
    aclMissingReason: listed ? null : `The service lists no permissions for a ${status} account.`,
    ...overrides,
  };
}

export function totals(id: string, wallet: string | null, spot: string | null, overrides: Partial<SubAccountTotals> = {}): SubAccountTotals {
  return { id, walletValue: wallet, spotValue: spot, unvalued: [], error: null, ...overrides };
}

export function subBalances(id: string, usdtWallet: string, overrides: Partial<SubAccountBalances> = {}): SubAccountBalances {
  return {
    id,
    valuationCurrency: 'USDT',
    balances: [{ currency: 'USDT', wallet: { available: usdtWallet, reserved: '0' }, spot: { available: '0', reserved: '0' }, total: usdtWallet, value: usdtWallet }],
    walletValue: usdtWallet,
    spotValue: '0',
    unvalued: [],
    precision: { USDT: 6 },
    asOf: '2026-11-23T09:00:00.000Z',
    ...overrides,
  };
}

export function sweepStep(subAccountId: string, amount: string, skipReason: string | null = null): SweepStep {
  return { subAccountId, email: `${subAccountId}@sandbox.test`, direction: 'fromSub', balanceBefore: amount, amount: skipReason ? '0' : amount, skipReason };
}

export function sweepPlan(steps: SweepStep[], overrides: Partial<SweepPlan> = {}): SweepPlan {
  return {
    planId: 'plan-1', mode: 'collect', currency: 'USDT', precision: 6, steps, total: '0', masterAvailable: '1000',
    createdAt: '2026-11-23T09:00:00.000Z', ...overrides,
  };
}
