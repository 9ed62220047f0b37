// Version 2 money moves inside the service, each sent once: wallet ↔ spot (bankToExchange is
// wallet → spot, exchangeToBank spot → wallet), conversion, and transfer to another user.
import type { TransferCalls } from '../calls/transfers';
import { asObject, id } from '../json';
import { checkedConvert, checkedInternalWithdraw, checkedTransfer } from '../money-requests';
import type { ServiceCalls } from '../service-calls';
import { parseIdList, parseResultId } from '../v3/records';

/** Version 2 names the beneficiary by e-mail or user name only. */
const BENEFICIARY_KINDS_V2 = ['email', 'username'] as const;

export const transferCallsV2 = (calls: ServiceCalls) => ({
  transfer: async (request) => {
    const { currency, amount, source, move } = checkedTransfer(request);
    const type = source === 'wallet' ? 'bankToExchange' : 'exchangeToBank';
    return calls.moveMoney(move, '/api/2/account/transfer', { currency, amount, type }, (reply) => [id(asObject(reply, 'transfer'), 'id')]);
  },

  convert: async (request) => {
    const { from, to, amount, move } = checkedConvert(request);
    return calls.moveMoney(move, '/api/2/account/crypto/transfer-convert', { fromCurrency: from, toCurrency: to, amount }, (reply) => parseIdList(reply, 'convert'));
  },

  internalWithdraw: async (request) => {
    const { currency, amount, by, identifier, move } = checkedInternalWithdraw(request, BENEFICIARY_KINDS_V2);
    return calls.moveMoney(move, '/api/2/account/transfer/internal', { currency, amount, by, identifier }, parseResultId);
  },
}) satisfies TransferCalls;
