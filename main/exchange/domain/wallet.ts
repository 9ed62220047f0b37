// The account's own funds and addresses: balances of the wallet and spot accounts, deposit
// addresses and the withdrawal whitelist.
import type Decimal from '../decimal';

export const WALLET_ACCOUNTS = ['wallet', 'spot'] as const;
export type WalletAccount = (typeof WALLET_ACCOUNTS)[number];

export interface Balance {
  currency: string;
  available: Decimal;
  reserved: Decimal;
}

export interface AccountBalances {
  wallet: Balance[];
  spot: Balance[];
}

export interface CryptoAddress {
  currency: string | undefined;
  address: string;
  paymentId: string | undefined;
  publicKey: string | undefined;
  networkCode: string | undefined;
}

export interface WhitelistedAddress {
  name: string;
  currency: string;
  network: string;
  address: string;
}
