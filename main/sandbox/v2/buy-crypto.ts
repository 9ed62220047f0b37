// Buy crypto, version 2 paths (api-v2.md "Buy crypto", right PAY): the version 3 handlers over the
// same providers and orders, with version 2 names and the two rules version 2 adds: an order
// list needs from and till, and an order may leave the payment method out.
import { buyCryptoHandlers } from '../buycrypto/routes';
import { findProvider, type PaymentMethodDef } from '../buycrypto/providers';
import type { SandboxContext } from '../context';
import { validationError } from '../http/errors';
import { ParamReader } from '../http/params';
import type { RouteContext, RouteRegistry } from '../http/route';
import { asV2 } from './buy-names';

const PROVIDER_NAMES = { provider_id: 'providerID', logo_url: 'logoURL' } as const;
const ORDER_NAMES = { checkout_url: 'checkoutURL' } as const;

export function registerV2BuyCryptoRoutes(routes: RouteRegistry, ctx: SandboxContext): void {
  const v3 = buyCryptoHandlers(ctx);
  routes.add('GET', '/api/2/buy-crypto/provider', 'PAY', asV2(v3.providers, PROVIDER_NAMES));
  routes.add('GET', '/api/2/buy-crypto/provider/:provider_id/rate', 'PAY', asV2(v3.rate));
  const placeOrder = asV2(v3.placeOrder, ORDER_NAMES);
  routes.add('POST', '/api/2/buy-crypto/provider/:provider_id/order', 'PAY', (r) => placeOrder(withPaymentMethod(r)));
  const listOrders = asV2(v3.orders, ORDER_NAMES);
  routes.add('GET', '/api/2/buy-crypto/provider/:provider_id/order', 'PAY', (r) => {
    const p = ParamReader.of(r);
    for (const bound of ['from', 'till']) if (!p.has(bound)) throw validationError(bound, 'is required (Unix timestamp)');
    return listOrders(r);
  });
}

/**
 * Version 2 may leave paymentMethodId out: the provider's first method whose limits take the
 * source amount is used, else its first method (whose limits then refuse the amount, naming it).
 */
function withPaymentMethod(r: RouteContext): RouteContext {
  const p = ParamReader.of(r);
  if (p.has('paymentMethodId')) return r;
  const id = r.params.provider_id ?? '';
  const provider = /^\d+$/.test(id) ? findProvider(Number.parseInt(id, 10)) : undefined;
  if (!provider) return r; // the handler refuses the provider
  const amount = p.optionalAmount('sourceAmount', 2);
  const fits = (m: PaymentMethodDef): boolean => amount !== undefined && amount.gte(m.sourceMin) && amount.lte(m.sourceMax);
  const method = provider.methods.find(fits) ?? provider.methods[0];
  return method ? { ...r, body: { ...r.body, paymentMethodId: method.id } } : r;
}
