// Crypto withdrawals and their fees.
import type { FeeEstimate, FeeQuery, WithdrawalRequest } from '../domain';
import type { Settled } from '../operations';

export interface WithdrawalCalls {
  /** Two-phase withdrawal: created with auto_commit=false, then committed or rolled back. */
  prepareWithdrawal(request: WithdrawalRequest): Promise<Settled<{ id: string }>>;
  commitWithdrawal(id: string): Promise<boolean>;
  rollbackWithdrawal(id: string): Promise<boolean>;
  estimateFee(query: FeeQuery): Promise<FeeEstimate>;
  estimateFees(queries: readonly FeeQuery[]): Promise<FeeEstimate[]>;
}
