// The wallet's operations in the active profile's scope: balances, currencies, deposit
// addresses and transfers between the wallet and spot sides.
import type { WalletOperations } from '../../../preload/contract/wallet';
import { ok } from '../../../preload/contract/result';
import type { ScopedHandlers } from '../session/scopes';

export const walletHandlers: ScopedHandlers<keyof WalletOperations> = ({ wallet }) => ({
  getWalletOverview: async ({ valuationCurrency }) => ok(await wallet.overview(valuationCurrency)),
  listWalletCurrencies: async () => ok(await wallet.currencyInfo()),
  listDepositAddresses: async (query) => ok(await wallet.depositAddresses(query)),
  createDepositAddress: async (query) => ok(await wallet.newDepositAddress(query)),
  listRecentDepositAddresses: async (query) => ok(await wallet.recentDepositAddresses(query)),
  checkOwnAddress: async ({ address }) => ok(await wallet.isOwnAddress(address)),
  transferFunds: async (input) => ok(await wallet.transfer(input)),
});
