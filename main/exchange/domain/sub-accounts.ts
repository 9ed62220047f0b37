// Sub-accounts: their state, withdrawal and deposit-address rights, and transfers to and from them.
import type Decimal from '../decimal';

export interface SubAccount {
  id: string;
  email: string;
  status: string;
}

export interface SubAccountAcl {
  subAccountId: string;
  depositAddressGenerationEnabled: boolean;
  withdrawEnabled: boolean;
  description: string | undefined;
  createdAt: string | undefined;
  updatedAt: string | undefined;
}

export interface SubAccountAclChange {
  depositAddressGenerationEnabled?: boolean;
  withdrawEnabled?: boolean;
  description?: string;
}

export const SUB_ACCOUNT_DIRECTIONS = ['to_sub_account', 'from_sub_account'] as const;
export type SubAccountDirection = (typeof SUB_ACCOUNT_DIRECTIONS)[number];

export interface SubAccountTransferRequest {
  subAccountId: string;
  currency: string;
  amount: Decimal;
  direction: SubAccountDirection;
}
