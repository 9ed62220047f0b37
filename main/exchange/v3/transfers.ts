// Version 3 money moves inside the service: wallet ↔ spot, conversion, transfer to another user.
import type { TransferCalls } from '../calls/transfers';
import { BENEFICIARY_KINDS } from '../domain';
import { checkedConvert, checkedInternalWithdraw, checkedTransfer } from '../money-requests';
import type { V3Calls } from './calls';
import { parseIdList, parseResultId } from './records';

export const transferCallsV3 = (calls: V3Calls) => ({
  transfer: async (request) => {
    const { currency, amount, source, destination, move } = checkedTransfer(request);
    return calls.moveMoney(move, '/api/3/wallet/transfer', { currency, amount, source, destination }, (reply) => parseIdList(reply, 'transfer'));
  },

  convert: async (request) => {
    const { from, to, amount, move } = checkedConvert(request);
    const body = { from_currency: from, to_currency: to, amount };
    return calls.moveMoney(move, '/api/3/wallet/convert', body, (reply) => parseIdList(reply, 'convert'));
  },

  internalWithdraw: async (request) => {
    const { currency, amount, by, identifier, move } = checkedInternalWithdraw(request, BENEFICIARY_KINDS);
    return calls.moveMoney(move, '/api/3/wallet/internal/withdraw', { currency, amount, by, identifier }, parseResultId);
  },
}) satisfies TransferCalls;
