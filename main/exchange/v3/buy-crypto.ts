// Version 3 buy-crypto calls (right PAY). Creating an order commits the user to a payment at the
// provider's checkout, so it is sent once, like a money move: a lost answer comes back uncertain.
import type { BuyCryptoOrder, BuyCryptoOrderRequest, BuyCryptoProvider, BuyCryptoRate } from '../domain';
import { asArray } from '../json';
import type { BuyCryptoRateQuery } from '../treasury-api';
import { requireCode, requirePositive, requireText } from '../validate';
import type { Settled } from '../operations';
import type { V3Calls } from './calls';
import { parseBuyCryptoOrder, parseBuyCryptoProvider, parseBuyCryptoRate } from './records';

const providerPath = (providerId: string, rest: string) =>
  `/api/3/buy-crypto/provider/${encodeURIComponent(requireText(providerId, 'providerId'))}/${rest}`;

/** The provider list (SUPPLEMENT §7), optionally only those serving source → target. */
export async function buyCryptoProviders(calls: V3Calls, source?: string, target?: string): Promise<BuyCryptoProvider[]> {
  const reply = await calls.read('/api/3/buy-crypto/provider', {
    source: source === undefined ? undefined : requireCode(source, 'source'),
    target: target === undefined ? undefined : requireCode(target, 'target'),
  });
  return asArray(reply, 'providers').map(parseBuyCryptoProvider);
}

export async function buyCryptoRate(calls: V3Calls, query: BuyCryptoRateQuery): Promise<BuyCryptoRate> {
  const reply = await calls.read(providerPath(query.providerId, 'rate'), {
    source: requireCode(query.source, 'source'),
    target: requireCode(query.target, 'target'),
    source_amount: query.sourceAmount,
    target_amount: query.targetAmount,
    payment_method_id: query.paymentMethodId,
  });
  return parseBuyCryptoRate(reply);
}

export async function buyCryptoOrders(calls: V3Calls, providerId: string): Promise<BuyCryptoOrder[]> {
  return asArray(await calls.read(providerPath(providerId, 'order'), { sort: 'desc' }), 'orders').map(parseBuyCryptoOrder);
}

export async function createBuyCryptoOrder(calls: V3Calls, request: BuyCryptoOrderRequest): Promise<Settled<BuyCryptoOrder>> {
  const body = {
    source: requireCode(request.source, 'source'),
    target: requireCode(request.target, 'target'),
    source_amount: requirePositive(request.sourceAmount, 'sourceAmount').toFixed(),
    payment_method_id: requireText(request.paymentMethodId, 'paymentMethodId'),
    target_network_code: request.targetNetworkCode,
  };
  const path = providerPath(request.providerId, 'order');
  const move = { kind: 'buyCryptoOrder' as const, currency: body.source, amount: body.source_amount, destination: `${request.providerId}>${body.target}` };
  return calls.moveMoney(move, path, body, parseBuyCryptoOrder);
}
