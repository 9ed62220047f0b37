// Version 3 buy-crypto calls (right PAY). Creating an order commits the user to a payment at the
// provider's checkout, so it is sent once, like a money move: a lost answer comes back uncertain.
import type { BuyCryptoCalls } from '../calls/buy-crypto';
import { asArray } from '../json';
import { requireCode, requirePositive, requireText } from '../validate';
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
    const body = {
      source: requireCode(request.source, 'source'),
      target: requireCode(request.target, 'target'),
      source_amount: requirePositive(request.sourceAmount, 'sourceAmount').toFixed(),
      payment_method_id: requireText(request.paymentMethodId, 'paymentMethodId'),
      target_network_code: request.targetNetworkCode,
    };
    const path = providerPath(request.providerId, 'order');
    const destination = `${request.providerId}>${body.target}`;
    const move = { kind: 'buyCryptoOrder' as const, currency: body.source, amount: body.source_amount, destination };
    return calls.moveMoney(move, path, body, parseBuyCryptoOrder);
  },
}) satisfies BuyCryptoCalls;
