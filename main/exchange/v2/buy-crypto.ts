// Version 2 buy-crypto calls (right PAY). Creating an order commits the user to a payment at the
// provider's checkout, so it is sent once: a lost answer comes back uncertain.
import type { BuyCryptoCalls } from '../calls/buy-crypto';
import { asArray } from '../json';
import type { ServiceCalls } from '../service-calls';
import { checkedBuyOrder } from '../money-requests';
import { requireCode, requireText } from '../validate';
import { parseBuyCryptoProvider } from '../v3/records';
import { parseBuyCryptoOrderV2, parseBuyCryptoRateV2 } from './records';

const providerPath = (providerId: string, rest: string) =>
  `/api/2/buy-crypto/provider/${encodeURIComponent(requireText(providerId, 'providerId'))}/${rest}`;

/** A day past the service's now: an order created this instant is in the list despite clock skew. */
const ORDERS_TILL_SLACK_S = 86_400;

export const buyCryptoCallsV2 = (calls: ServiceCalls) => ({
  buyCryptoProviders: async (source, target) => {
    const reply = await calls.read('/api/2/buy-crypto/provider', {
      source: source === undefined ? undefined : requireCode(source, 'source'),
      target: target === undefined ? undefined : requireCode(target, 'target'),
    });
    return asArray(reply, 'providers').map(parseBuyCryptoProvider);
  },

  buyCryptoRate: async (query) => {
    const reply = await calls.read(providerPath(query.providerId, 'rate'), {
      source: requireCode(query.source, 'source'),
      target: requireCode(query.target, 'target'),
      sourceAmount: query.sourceAmount,
      targetAmount: query.targetAmount,
      paymentMethodId: query.paymentMethodId,
    });
    return parseBuyCryptoRateV2(reply);
  },

  /**
   * Version 2 requires a creation-time range (Unix seconds). The domain call asks for every order
   * of the provider (a lost order is looked for among them, whenever it was placed), so the range
   * is the widest that can hold one: from the epoch to a day past the service's now.
   */
  buyCryptoOrders: async (providerId) => {
    const till = Math.floor(calls.transport.clock.now() / 1_000) + ORDERS_TILL_SLACK_S;
    const reply = await calls.read(providerPath(providerId, 'order'), { from: 0, till });
    return asArray(reply, 'orders').map(parseBuyCryptoOrderV2);
  },

  createBuyCryptoOrder: async (request) => {
    const { source, target, sourceAmount, paymentMethodId, move } = checkedBuyOrder(request);
    const body = { source, target, sourceAmount, paymentMethodId, targetNetworkCode: request.targetNetworkCode };
    return calls.moveMoney(move, providerPath(request.providerId, 'order'), body, parseBuyCryptoOrderV2);
  },
}) satisfies BuyCryptoCalls;
