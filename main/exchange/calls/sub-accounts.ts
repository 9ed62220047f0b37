// Governing sub-accounts and moving funds to and from them.
import type {
  AccountBalances, CryptoAddress, SubAccount, SubAccountAcl, SubAccountAclChange, SubAccountTransferRequest,
} from '../domain';
import type { Settled } from '../operations';

export interface SubAccountCalls {
  subAccounts(): Promise<SubAccount[]>;
  freezeSubAccounts(ids: readonly string[]): Promise<boolean>;
  activateSubAccounts(ids: readonly string[]): Promise<boolean>;
  subAccountAcl(ids: readonly string[]): Promise<SubAccountAcl[]>;
  setSubAccountAcl(ids: readonly string[], change: SubAccountAclChange): Promise<SubAccountAcl[]>;
  subAccountBalances(id: string): Promise<AccountBalances>;
  subAccountAddress(id: string, currency: string, networkCode?: string): Promise<CryptoAddress>;
  subAccountTransfer(request: SubAccountTransferRequest): Promise<Settled<string>>;
}
