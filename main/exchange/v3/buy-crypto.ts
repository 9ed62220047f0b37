// Version 3 buy-crypto calls (right PAY). Creating an order moves no money (the user pays at the
// provider's checkout), so it is sent once without reconciliation.
import type { BuyCryptoOrder, BuyCryptoOrderRequest, BuyCryptoRate } from '../domain';
import { asArray } from '../json';
import type { BuyCryptoRateQuery } from '../treasury-api';
import { requireCode, requirePositive, requireText } from '../validate';
import type { V3Calls } from './calls';
import { parseBuyCryptoOrder, parseBuyCryptoRate } from './records';

const providerPath = (providerId: string, rest: string) =>
  `/api/3/buy-crypto/provider/${encodeURIComponent(requireText(providerId, 'providerId'))}/${rest}`;

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

export async function createBuyCryptoOrder(calls: V3Calls, request: BuyCryptoOrderRequest): Promise<BuyCryptoOrder> {
  const body = {
    source: requireCode(request.source, 'source'),
    target: requireCode(request.target, 'target'),
    source_amount: requirePositive(request.sourceAmount, 'sourceAmount').toFixed(),
    payment_method_id: requireText(request.paymentMethodId, 'paymentMethodId'),
    target_network_code: request.targetNetworkCode,
  };
  return parseBuyCryptoOrder(await calls.once('POST', providerPath(request.providerId, 'order'), body));
}
