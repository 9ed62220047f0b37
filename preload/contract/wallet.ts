// The wallet's part of the contract: balances (wallet and spot side by side, valued), currencies
// and their networks, deposit addresses, and transfers between the wallet and spot sides. Every
// amount is a decimal string.
import { z } from 'zod';
import { amount, currency, network } from './fields';
import { changes, noPayload, reads, type EventList, type Op, type OperationSpecs } from './operation';
import { visibleText } from './profile-schemas';

export interface BalanceAmounts {
  available: string;
  reserved: string;
}

/** One currency's wallet and spot balances side by side. */
export interface MergedBalance {
  currency: string;
  wallet: BalanceAmounts;
  spot: BalanceAmounts;
  /** wallet + spot, available + reserved. */
  total: string;
}

export interface ValuedBalance extends MergedBalance {
  /** total in the valuation currency; null when the service has no rate for this currency. */
  value: string | null;
}

export interface WalletOverview {
  profileId: string;
  valuationCurrency: string;
  balances: ValuedBalance[];
  /** Sum of every value that could be computed. */
  totalValue: string;
  /** Price of one unit of each currency in the valuation currency (lets the UI revalue live updates). */
  rates: Record<string, string>;
  /** Currencies held that have no rate (left out of totalValue). */
  unvalued: string[];
  /** True while both balance streams are up (updates arrive without polling). */
  live: boolean;
  /** Decimal places to show per currency (from the currency's precision). */
  precision: Record<string, number>;
  asOf: string;
}

export interface NetworkInfo {
  /** The network's code: what WithdrawalInput.network and AddressQuery.network take (e.g. ETH for USDT-ERC20). */
  network: string;
  /** Display name, e.g. "Ethereum (ERC20)". */
  name: string;
  isDefault: boolean;
  payinEnabled: boolean;
  payoutEnabled: boolean;
  minWithdrawal: string | null;
  payoutFee: string | null;
  paymentIdRequired: boolean;
  addressRegex: string | null;
  paymentIdRegex: string | null;
}

export interface CurrencyInfo {
  code: string;
  fullName: string;
  crypto: boolean;
  payinEnabled: boolean;
  payoutEnabled: boolean;
  transferEnabled: boolean;
  /** Decimal places amounts of this currency may have. */
  precision: number;
  networks: NetworkInfo[];
}

export interface DepositAddress {
  currency: string | null;
  address: string;
  paymentId: string | null;
  networkCode: string | null;
}

export interface AddressQuery {
  currency: string;
  network?: string;
}

export const WALLET_SIDES = ['wallet', 'spot'] as const;
export type WalletSide = (typeof WALLET_SIDES)[number];

export interface TransferInput {
  currency: string;
  amount: string;
  from: WalletSide;
  to: WalletSide;
}

export type TransferResult =
  | { state: 'done'; transactionIds: string[] }
  /** The outcome is unknown: the ledger's move `moveId` is being checked and must not be repeated. */
  | { state: 'uncertain'; reason: string; moveId: string };

export interface WalletOperations {
  getWalletOverview: Op<{ valuationCurrency: string }, WalletOverview>;
  listWalletCurrencies: Op<void, CurrencyInfo[]>;
  listDepositAddresses: Op<AddressQuery, DepositAddress[]>;
  createDepositAddress: Op<AddressQuery, DepositAddress>;
  listRecentDepositAddresses: Op<AddressQuery, DepositAddress[]>;
  checkOwnAddress: Op<{ address: string }, { mine: boolean }>;
  transferFunds: Op<TransferInput, TransferResult>;
}


const addressQuery = z.object({ currency, network }).strict();

export const WALLET_OPERATIONS = {
  getWalletOverview: reads(z.object({ valuationCurrency: currency }).strict()),
  listWalletCurrencies: reads(noPayload),
  listDepositAddresses: reads(addressQuery),
  /** Creates an address at the service. */
  createDepositAddress: changes(addressQuery),
  listRecentDepositAddresses: reads(addressQuery),
  checkOwnAddress: reads(
    z.object({ address: z.string().trim().min(1, 'Enter an address').max(256, 'address is too long').superRefine(visibleText('The address')) }).strict(),
  ),
  transferFunds: changes(
    z
      .object({
        currency,
        amount,
        from: z.enum(WALLET_SIDES, { error: 'from must be wallet or spot' }),
        to: z.enum(WALLET_SIDES, { error: 'to must be wallet or spot' }),
      })
      .strict()
      .refine((input) => input.from !== input.to, { message: 'from and to must differ', path: ['to'] }),
  ),
} as const satisfies OperationSpecs<WalletOperations>;

export interface WalletEvents {
  /** Merged balances after a stream update (no valuation: revalue with WalletOverview.rates). */
  walletBalances: { profileId: string; balances: MergedBalance[] };
  /** Balance streams up (live) or down (the UI shows "not live" and may refresh by hand). */
  walletLive: { profileId: string; live: boolean; detail?: string };
}

export const WALLET_EVENTS = { walletBalances: true, walletLive: true } as const satisfies EventList<WalletEvents>;
