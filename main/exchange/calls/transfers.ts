// Money moved inside the service: wallet ↔ spot, currency conversion, to another user.
import type { ConvertRequest, InternalWithdrawRequest, TransferRequest } from '../domain';
import type { Settled } from '../operations';

export interface TransferCalls {
  transfer(request: TransferRequest): Promise<Settled<string[]>>;
  convert(request: ConvertRequest): Promise<Settled<string[]>>;
  internalWithdraw(request: InternalWithdrawRequest): Promise<Settled<string>>;
}
