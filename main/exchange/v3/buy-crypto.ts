// Version 3 buy-crypto calls (right PAY). Creating an order commits the user to a payment at the
// provider's checkout, so it is sent once, like a money move: a lost answer comes back uncertain.
import type { BuyCryptoCalls } from '../calls/buy-crypto';
import { asArray } from '../json';
import { checkedBuyOrder } from '../money-requests';
import { requireCode, requireText } from '../validate';
import type { V3Calls } from './calls';
import { parseBuyCryptoOrder, parseBuyCryptoProvider, parseBuyCryptoRate } from './records';

const providerPath = (providerId: string, rest: string) =>
  `/api/3/buy-crypto/provider/${encodeURIComponent(requireText(providerId, 'providerId'))}/${rest}`;

export const buyCryptoCallsV3 = (calls: V3Calls) => ({
  /** The provider list (SUPPLEMENT §7), optionally only those serving source → target. */
  buyCryptoProviders: async (source, target) => {
    const reply = await calls.read('/api/3/buy-crypto/provider', {
      source: source === undefined ? undefined : requireCode(source, 'source'),
      target: target === undefined ? undefined : requireCode(target, 'target'),
    });
    return asArray(reply, 'providers').map(parseBuyCryptoProvider);
  },

  buyCryptoRate: async (query) => {
    const reply = await calls.read(providerPath(query.providerId, 'rate'), {
      source: requireCode(query.source, 'source'),
      target: requireCode(query.target, 'target'),
      source_amount: query.sourceAmount,
      target_amount: query.targetAmount,
      payment_method_id: query.paymentMethodId,
    });
    return parseBuyCryptoRate(reply);
  },

  buyCryptoOrders: async (providerId) =>
    asArray(await calls.read(providerPath(providerId, 'order'), { sort: 'desc' }), 'orders').map(parseBuyCryptoOrder),

  createBuyCryptoOrder: async (request) => {
    const { source, target, sourceAmount, paymentMethodId, move } = checkedBuyOrder(request);
    const body = { source, target, source_amount: sourceAmount, payment_method_id: paymentMethodId, target_network_code: request.targetNetworkCode };
    return calls.moveMoney(move, providerPath(request.providerId, 'order'), body, parseBuyCryptoOrder);
  },
}) satisfies BuyCryptoCalls;
