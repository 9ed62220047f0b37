// Version 3 wallet calls: balances and crypto addresses.
import type { Balance } from '../domain';
import type { WalletCalls } from '../calls/wallet';
import { asArray } from '../json';
import { requireCode, requireText } from '../validate';
import type { V3Calls } from './calls';
import { parseAddress, parseBalances, parseResultBoolean, parseWhitelist } from './records';

export const walletCallsV3 = (calls: V3Calls) => {
  const walletBalances = async (): Promise<Balance[]> => parseBalances(await calls.read('/api/3/wallet/balance'), 'wallet balances');
  const spotBalances = async (): Promise<Balance[]> => parseBalances(await calls.read('/api/3/spot/balance'), 'spot balances');
  const recentAddresses = async (kind: 'deposit' | 'withdraw', currency: string, networkCode: string | undefined) => {
    const query = { currency: requireCode(currency, 'currency'), network_code: networkCode };
    return asArray(await calls.read(`/api/3/wallet/crypto/address/recent-${kind}`, query), `recent ${kind} addresses`).map(parseAddress);
  };

  return {
    walletBalances,
    spotBalances,
    balances: async () => {
      const [wallet, spot] = await Promise.all([walletBalances(), spotBalances()]);
      return { wallet, spot };
    },

    depositAddresses: async (currency, networkCode) => {
      const reply = await calls.read('/api/3/wallet/crypto/address', { currency: requireCode(currency, 'currency'), network_code: networkCode });
      return Array.isArray(reply) ? reply.map(parseAddress) : [parseAddress(reply)];
    },

    createDepositAddress: async (currency, networkCode) => {
      const body = { currency: requireCode(currency, 'currency'), network_code: networkCode };
      return parseAddress(await calls.once('POST', '/api/3/wallet/crypto/address', body));
    },

    recentDepositAddresses: (currency, networkCode) => recentAddresses('deposit', currency, networkCode),
    recentWithdrawalAddresses: (currency, networkCode) => recentAddresses('withdraw', currency, networkCode),

    whitelistedAddresses: async () => parseWhitelist(await calls.read('/api/3/wallet/crypto/address/white-list')),

    isOwnAddress: async (address) =>
      parseResultBoolean(await calls.read('/api/3/wallet/crypto/address/check-mine', { address: requireText(address, 'address') })),
  } satisfies WalletCalls;
};
