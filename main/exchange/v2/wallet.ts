// Version 2 wallet calls: "account" balances are the wallet side, "trading" ones the spot side.
import type { WalletCalls } from '../calls/wallet';
import type { Balance } from '../domain';
import type { ServiceCalls } from '../service-calls';
import { asArray } from '../json';
import { requireCode, requireText } from '../validate';
import { parseBalances, parseResultBoolean } from '../v3/records';
import { parseAddressV2, sentNetworkCode } from './records';

const cryptoPath = (rest: string, currency: string) => `/api/2/account/crypto/${rest}/${encodeURIComponent(requireCode(currency, 'currency'))}`;

export const walletCallsV2 = (calls: ServiceCalls) => {
  const walletBalances = async (): Promise<Balance[]> => parseBalances(await calls.read('/api/2/account/balance'), 'account balance');
  const spotBalances = async (): Promise<Balance[]> => parseBalances(await calls.read('/api/2/trading/balance'), 'trading balance');
  const addressList = async (rest: string, currency: string, networkCode: string | undefined) => {
    const path = cryptoPath(rest, currency);
    const code = requireCode(currency, 'currency');
    return asArray(await calls.read(path, { networkCode: sentNetworkCode(code, networkCode) }), 'addresses').map((item) => parseAddressV2(item, code));
  };

  return {
    walletBalances,
    spotBalances,
    balances: async () => {
      const [wallet, spot] = await Promise.all([walletBalances(), spotBalances()]);
      return { wallet, spot };
    },

    /** Version 2 answers the current deposit address only. */
    depositAddresses: async (currency, networkCode) => {
      const path = cryptoPath('address', currency);
      return [parseAddressV2(await calls.read(path, { networkCode: sentNetworkCode(currency, networkCode) }), requireCode(currency, 'currency'))];
    },

    createDepositAddress: async (currency, networkCode) => {
      const path = cryptoPath('address', currency);
      return parseAddressV2(await calls.once('POST', path, { networkCode: sentNetworkCode(currency, networkCode) }), requireCode(currency, 'currency'));
    },

    recentDepositAddresses: (currency, networkCode) => addressList('addresses', currency, networkCode),
    recentWithdrawalAddresses: (currency, networkCode) => addressList('used-addresses', currency, networkCode),

    /**
     * Version 2 has no withdrawal white-list endpoint, so there is no list to show: none, as for an
     * account without one. (Withdrawals are not checked against it here or by any caller.)
     */
    whitelistedAddresses: () => Promise.resolve([]),

    isOwnAddress: async (address) =>
      parseResultBoolean(await calls.read(`/api/2/account/crypto/is-mine/${encodeURIComponent(requireText(address, 'address'))}`)),
  } satisfies WalletCalls;
};
