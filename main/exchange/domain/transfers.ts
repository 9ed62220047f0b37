// Funds moved without leaving the service: between the wallet and spot accounts, converted to
// another currency, or sent to another user.
import type Decimal from '../decimal';
import type { WalletAccount } from './wallet';

export interface TransferRequest {
  currency: string;
  amount: Decimal;
  source: WalletAccount;
  destination: WalletAccount;
}

export interface ConvertRequest {
  fromCurrency: string;
  toCurrency: string;
  amount: Decimal;
}

export const BENEFICIARY_KINDS = ['email', 'username', 'external_id'] as const;
export type BeneficiaryKind = (typeof BENEFICIARY_KINDS)[number];

export interface InternalWithdrawRequest {
  currency: string;
  amount: Decimal;
  by: BeneficiaryKind;
  identifier: string;
}
