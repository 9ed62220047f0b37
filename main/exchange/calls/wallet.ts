// The account's balances and crypto addresses.
import type { AccountBalances, Balance, CryptoAddress, WhitelistedAddress } from '../domain';

export interface WalletCalls {
  balances(): Promise<AccountBalances>;
  walletBalances(): Promise<Balance[]>;
  spotBalances(): Promise<Balance[]>;

  depositAddresses(currency: string, networkCode?: string): Promise<CryptoAddress[]>;
  createDepositAddress(currency: string, networkCode?: string): Promise<CryptoAddress>;
  /** The last ten distinct deposit addresses of a currency (older ones still receive funds). */
  recentDepositAddresses(currency: string, networkCode?: string): Promise<CryptoAddress[]>;
  /** The last ten distinct addresses this account withdrew to. */
  recentWithdrawalAddresses(currency: string, networkCode?: string): Promise<CryptoAddress[]>;
  whitelistedAddresses(): Promise<WhitelistedAddress[]>;
  isOwnAddress(address: string): Promise<boolean>;
}
