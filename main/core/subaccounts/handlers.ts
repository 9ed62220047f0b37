// The sub-account operations in the active profile's scope.
import { ok } from '../../../preload/contract/result';
import type { SubAccountOperations } from '../../../preload/contract/subaccounts';
import type { ScopedHandlers } from '../session/scopes';

export const subAccountHandlers: ScopedHandlers<keyof SubAccountOperations> = ({ subAccounts }) => ({
  listSubAccounts: async () => ok(await subAccounts.list()),
  loadSubAccountTotals: async ({ valuationCurrency }) => ok(await subAccounts.loadTotals(valuationCurrency)),
  getSubAccountBalances: async ({ id, valuationCurrency }) => ok(await subAccounts.balances(id, valuationCurrency)),
  freezeSubAccounts: async ({ ids }) => ok(await subAccounts.freeze(ids)),
  activateSubAccounts: async ({ ids }) => ok(await subAccounts.activate(ids)),
  setSubAccountAcl: async (input) => ok(await subAccounts.changeAcl(input)),
  getSubAccountAddress: async ({ id, currency, network }) => ok(await subAccounts.address(id, currency, network)),
  transferWithSubAccount: async (input) => ok(await subAccounts.transfer(input)),
  listSubAccountTransfers: async ({ id }) => ok(subAccounts.transfersWith(id)),
  planSweep: async (input) => ok(await subAccounts.planSweep(input)),
  runSweep: async ({ planId }) => ok(await subAccounts.runSweep(planId)),
});
