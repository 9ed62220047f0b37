// Version 3 money moves inside the service: wallet ↔ spot, conversion, transfer to another user.
import type { TransferCalls } from '../calls/transfers';
import { BENEFICIARY_KINDS, WALLET_ACCOUNTS } from '../domain';
import { inputError } from '../errors';
import { requireCode, requireOneOf, requirePositive, requireText } from '../validate';
import type { V3Calls } from './calls';
import { parseIdList, parseResultId } from './records';

export const transferCallsV3 = (calls: V3Calls) => ({
  transfer: async (request) => {
    const currency = requireCode(request.currency, 'currency');
    const amount = requirePositive(request.amount, 'amount').toFixed();
    const source = requireOneOf(request.source, WALLET_ACCOUNTS, 'source');
    const destination = requireOneOf(request.destination, WALLET_ACCOUNTS, 'destination');
    if (source === destination) throw inputError('destination', 'must differ from source');
    const move = { kind: 'transfer' as const, currency, amount, destination: `${source}>${destination}` };
    return calls.moveMoney(move, '/api/3/wallet/transfer', { currency, amount, source, destination }, (reply) => parseIdList(reply, 'transfer'));
  },

  convert: async (request) => {
    const from = requireCode(request.fromCurrency, 'fromCurrency');
    const to = requireCode(request.toCurrency, 'toCurrency');
    if (from === to) throw inputError('toCurrency', 'must differ from fromCurrency');
    const amount = requirePositive(request.amount, 'amount').toFixed();
    const move = { kind: 'convert' as const, currency: from, amount, destination: to };
    const body = { from_currency: from, to_currency: to, amount };
    return calls.moveMoney(move, '/api/3/wallet/convert', body, (reply) => parseIdList(reply, 'convert'));
  },

  internalWithdraw: async (request) => {
    const currency = requireCode(request.currency, 'currency');
    const amount = requirePositive(request.amount, 'amount').toFixed();
    const by = requireOneOf(request.by, BENEFICIARY_KINDS, 'by');
    const identifier = requireText(request.identifier, 'identifier');
    const move = { kind: 'internalWithdraw' as const, currency, amount, destination: identifier };
    return calls.moveMoney(move, '/api/3/wallet/internal/withdraw', { currency, amount, by, identifier }, parseResultId);
  },
}) satisfies TransferCalls;
