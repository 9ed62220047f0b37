// Version 2 money moves inside the service, each sent once: wallet ↔ spot (bankToExchange is
// wallet → spot, exchangeToBank spot → wallet), conversion, and transfer to another user.
import type { TransferCalls } from '../calls/transfers';
import { WALLET_ACCOUNTS } from '../domain';
import { inputError } from '../errors';
import { asObject, id } from '../json';
import type { ServiceCalls } from '../service-calls';
import { requireCode, requireOneOf, requirePositive, requireText } from '../validate';
import { parseIdList, parseResultId } from '../v3/records';

/** Version 2 names the beneficiary by e-mail or user name only. */
const BENEFICIARY_KINDS_V2 = ['email', 'username'] as const;

export const transferCallsV2 = (calls: ServiceCalls) => ({
  transfer: async (request) => {
    const currency = requireCode(request.currency, 'currency');
    const amount = requirePositive(request.amount, 'amount').toFixed();
    const source = requireOneOf(request.source, WALLET_ACCOUNTS, 'source');
    const destination = requireOneOf(request.destination, WALLET_ACCOUNTS, 'destination');
    if (source === destination) throw inputError('destination', 'must differ from source');
    const type = source === 'wallet' ? 'bankToExchange' : 'exchangeToBank';
    const move = { kind: 'transfer' as const, currency, amount, destination: `${source}>${destination}` };
    return calls.moveMoney(move, '/api/2/account/transfer', { currency, amount, type }, (reply) => [id(asObject(reply, 'transfer'), 'id')]);
  },

  convert: async (request) => {
    const from = requireCode(request.fromCurrency, 'fromCurrency');
    const to = requireCode(request.toCurrency, 'toCurrency');
    if (from === to) throw inputError('toCurrency', 'must differ from fromCurrency');
    const amount = requirePositive(request.amount, 'amount').toFixed();
    const move = { kind: 'convert' as const, currency: from, amount, destination: to };
    const body = { fromCurrency: from, toCurrency: to, amount };
    return calls.moveMoney(move, '/api/2/account/crypto/transfer-convert', body, (reply) => parseIdList(reply, 'convert'));
  },

  internalWithdraw: async (request) => {
    const currency = requireCode(request.currency, 'currency');
    const amount = requirePositive(request.amount, 'amount').toFixed();
    const by = requireOneOf(request.by, BENEFICIARY_KINDS_V2, 'by');
    const identifier = requireText(request.identifier, 'identifier');
    const move = { kind: 'internalWithdraw' as const, currency, amount, destination: identifier };
    return calls.moveMoney(move, '/api/2/account/transfer/internal', { currency, amount, by, identifier }, parseResultId);
  },
}) satisfies TransferCalls;
