// Version 2 crypto withdrawals: created with autoCommit=false, then committed (PUT) or rolled
// back (DELETE), both idempotent. Version 2 has no bulk fee estimate: one estimate per query.
import type { WithdrawalCalls } from '../calls/withdrawals';
import { inputError } from '../errors';
import { asObject, id } from '../json';
import type { ServiceCalls } from '../service-calls';
import { checkedFeeQuery, checkedWithdrawal } from '../money-requests';
import { requireText } from '../validate';
import { parseFeeEstimate, parseResultBoolean } from '../v3/records';
import { sentNetworkCode } from './records';

const withdrawalPath = (withdrawalId: string) => `/api/2/account/crypto/withdraw/${encodeURIComponent(requireText(withdrawalId, 'id'))}`;

export const withdrawalCallsV2 = (calls: ServiceCalls) => {
  const estimateFee: WithdrawalCalls['estimateFee'] = async (query) => {
    const { currency, amount } = checkedFeeQuery(query);
    const reply = await calls.read('/api/2/account/crypto/estimate-withdraw', { currency, amount, networkCode: sentNetworkCode(currency, query.networkCode) });
    return parseFeeEstimate(reply, currency, amount);
  };

  return {
    prepareWithdrawal: async (request) => {
      const { currency, amount, address, move } = checkedWithdrawal(request);
      // Version 2 withdrawals take no fee level: refused rather than sent at the default fee.
      if (request.feeLevelId !== undefined) throw inputError('feeLevelId', 'version 2 withdrawals have no fee levels');
      const body = {
        currency, amount, address, networkCode: sentNetworkCode(currency, request.networkCode), paymentId: request.paymentId,
        includeFee: request.includeFee, autoCommit: false, publicComment: request.publicComment,
      };
      return calls.moveMoney(move, '/api/2/account/crypto/withdraw', body, (reply) => ({ id: id(asObject(reply, 'withdrawal'), 'id') }));
    },

    commitWithdrawal: async (withdrawalId) => parseResultBoolean(await calls.idempotent('PUT', withdrawalPath(withdrawalId))),

    rollbackWithdrawal: async (withdrawalId) => parseResultBoolean(await calls.idempotent('DELETE', withdrawalPath(withdrawalId))),

    estimateFee,

    estimateFees: async (queries) => {
      // Every query checked before the first is sent, naming the one at fault.
      queries.forEach((query, index) => checkedFeeQuery(query, `queries[${index}].`));
      return Promise.all(queries.map((query) => estimateFee(query)));
    },
  } satisfies WithdrawalCalls;
};
