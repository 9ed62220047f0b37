// Crypto withdrawals to an address and the fees they would cost.
import type Decimal from '../decimal';

export interface WithdrawalRequest {
  currency: string;
  amount: Decimal;
  address: string;
  networkCode?: string;
  paymentId?: string;
  includeFee?: boolean;
  feeLevelId?: string;
  publicComment?: string;
}

export interface FeeQuery {
  currency: string;
  amount: Decimal;
  networkCode?: string;
}

export interface FeeEstimate {
  currency: string;
  amount: Decimal | undefined;
  fee: Decimal;
  networkFee: Decimal | undefined;
}
