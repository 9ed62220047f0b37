// Version 3 crypto withdrawals (two-phase: created uncommitted, then committed or rolled back) and fees.
import type { WithdrawalCalls } from '../calls/withdrawals';
import { asArray, asObject, id } from '../json';
import { checkedFeeQuery, checkedWithdrawal } from '../money-requests';
import { requireText } from '../validate';
import type { V3Calls } from './calls';
import { parseFeeEstimate, parseResultBoolean } from './records';

const withdrawalPath = (withdrawalId: string) => `/api/3/wallet/crypto/withdraw/${encodeURIComponent(requireText(withdrawalId, 'id'))}`;

export const withdrawalCallsV3 = (calls: V3Calls) => ({
  prepareWithdrawal: async (request) => {
    const { currency, amount, address, move } = checkedWithdrawal(request);
    const body = {
      currency, amount, address, network_code: request.networkCode, payment_id: request.paymentId,
      include_fee: request.includeFee, auto_commit: false, fee_level_id: request.feeLevelId, public_comment: request.publicComment,
    };
    return calls.moveMoney(move, '/api/3/wallet/crypto/withdraw', body, (reply) => ({ id: id(asObject(reply, 'withdrawal'), 'id') }));
  },

  commitWithdrawal: async (withdrawalId) => parseResultBoolean(await calls.idempotent('PUT', withdrawalPath(withdrawalId))),

  rollbackWithdrawal: async (withdrawalId) => parseResultBoolean(await calls.idempotent('DELETE', withdrawalPath(withdrawalId))),

  estimateFee: async (query) => {
    const { currency, amount } = checkedFeeQuery(query);
    const reply = await calls.read('/api/3/wallet/crypto/fee/estimate', { currency, amount, network_code: query.networkCode });
    return parseFeeEstimate(reply, currency, amount);
  },

  estimateFees: async (queries) => {
    const body = queries.map((query, index) => ({ ...checkedFeeQuery(query, `queries[${index}].`), network_code: query.networkCode }));
    const reply = await calls.idempotent('POST', '/api/3/wallet/crypto/fees/estimate', body);
    return asArray(reply, 'fees').map((item, index) => parseFeeEstimate(item, body[index]?.currency ?? '', body[index]?.amount));
  },
}) satisfies WithdrawalCalls;
