// Creating a buy order at the quote the person reviewed. Every field is checked again, each on its
// own field and with nothing sent when it fails: the quote (known, fresh, for these terms), the
// method (of the provider, selling the pair), the network, the amount (precision, limits). Then
// that one method is asked again; when what arrives fell by more than the tolerance the order is
// not sent. The order itself goes once through the ledger: audited, and a lost answer is settled
// from the provider's order list, never sent a second time.
import Decimal from '../../../preload/contract/decimal';
import {
  BUY_QUOTE_STALE_MS, BUY_REQUOTE_TOLERANCE, sellsPair, type BuyMethod, type BuyOrderInput,
} from '../../../preload/contract/buycrypto';
import type { BuyCryptoOrder } from '../../exchange/domain';
import { isApiError } from '../../exchange/errors';
import type { Settled } from '../../exchange/operations';
import type { TreasuryApi } from '../../exchange/treasury-api';
import { AppFailure } from '../app-error';
import { invalid, normalCode } from '../field-checks';
import type { PendingLedger, SendOutcome } from '../pending/ledger';
import { toAppFailure } from '../session/api-failure';
import type { ProfileRef } from '../session/ports';
import { checkAmountText, checkPrecision } from '../transfers/checks';
import { deliveryNetwork, limitOf, limitProblem, type BuyOptionsBook } from './options';
import { checkPair, type BuyQuoteBook, type KeptQuote } from './quotes';

export type OrderApi = Pick<TreasuryApi, 'buyCryptoRate' | 'createBuyCryptoOrder'>;

export interface CreateDeps {
  api: OrderApi;
  ledger: PendingLedger;
  profile: ProfileRef;
  options: BuyOptionsBook;
  quotes: BuyQuoteBook;
  now(): number;
}

/** The order as sent and what the re-quote said will arrive. */
export interface Created {
  sent: SendOutcome<BuyCryptoOrder>;
  method: BuyMethod;
  network: string;
  expectedReceive: Decimal;
}

/** The service's names for the order's fields, in the contract's. */
const ORDER_FIELDS: Readonly<Record<string, string>> = {
  source_amount: 'amount',
  sourceAmount: 'amount',
  target_network_code: 'network',
  targetNetworkCode: 'network',
  payment_method_id: 'methodId',
  paymentMethodId: 'methodId',
  source: 'source',
  target: 'target',
  provider_id: 'providerId',
};

export async function createOrder(deps: CreateDeps, input: BuyOrderInput): Promise<Created> {
  // The amount first, in the currency's precision: a bad one is refused on its own field, not
  // taken for a quote of other terms.
  const typed = checkAmountText(input.amount);
  const { options, currencies } = await deps.options.current();
  const { source, target } = checkPair(input.source, input.target, currencies, options.methods, options.sources);
  const amount = checkPrecision(typed, source);
  const quote = recallFresh(deps, input);
  const method = options.methods.find((m) => m.providerId === input.providerId.trim() && m.methodId === input.methodId.trim());
  if (method === undefined) throw invalid('methodId', `This payment method is not one of ${deps.options.providerName(input.providerId.trim())}'s`);
  if (!sellsPair(method, source.code, target.code)) throw invalid('methodId', `${method.methodName} does not sell ${target.code} for ${source.code}`);
  const network = deliveryNetwork(method, target.code, normalCode(input.network));
  if (network === undefined || network === null) throw invalid('network', `${method.methodName} does not deliver ${target.code} on ${normalCode(input.network)}`);
  const outside = limitProblem(amount, limitOf(method, source.code, target.code, network), method.methodName);
  if (outside !== null) throw invalid('amount', outside);

  const expectedReceive = await requote(deps.api, method, quote, amount);
  const subject = {
    profileId: deps.profile.id, profileName: deps.profile.name, action: 'buyCryptoOrder' as const,
    currency: source.code, amount: amount.toFixed(), network,
    detail: `${target.code} on ${network} from ${method.providerName} by ${method.methodName}; expected ${expectedReceive.toFixed()} ${target.code}`,
  };
  const request = { providerId: method.providerId, source: source.code, target: target.code, sourceAmount: amount, paymentMethodId: method.methodId, targetNetworkCode: network };
  let sent: SendOutcome<BuyCryptoOrder>;
  try {
    sent = await deps.ledger.send(
      { kind: 'buyCryptoOrder', currency: source.code, amount: amount.toFixed(), destination: `${method.providerId}>${target.code}` },
      subject,
      (): Promise<Settled<BuyCryptoOrder>> => deps.api.createBuyCryptoOrder(request),
      // The ledger claims the order under its own id (claimKey), apart from wallet transactions.
      (order) => [order.id],
    );
  } catch (error) {
    throw orderRefusal(error);
  }
  return { sent, method, network, expectedReceive };
}

/** The kept quote for exactly these terms, refused on `quote` when unknown, stale or for other terms. */
function recallFresh(deps: CreateDeps, input: BuyOrderInput): KeptQuote {
  const quote = deps.quotes.recall(input.quote);
  if (quote === undefined) throw invalid('quote', 'Get a quote first');
  const ageMs = deps.now() - quote.heardAtMs;
  if (ageMs > BUY_QUOTE_STALE_MS) throw invalid('quote', `The quote is ${Math.floor(ageMs / 1_000)} s old; refresh it`);
  const sameTerms = quote.providerId === input.providerId.trim() && quote.methodId === input.methodId.trim()
    && quote.source === normalCode(input.source) && quote.target === normalCode(input.target)
    && (quote.network === null || quote.network === normalCode(input.network))
    && isSameAmount(quote.pay, input.amount);
  if (!sameTerms) {
    throw invalid('quote', `This quote is for ${quote.pay.toFixed()} ${quote.source} → ${quote.target}${quote.network === null ? '' : ` on ${quote.network}`} with another method or amount; get a quote for these terms`);
  }
  return quote;
}

function isSameAmount(pay: Decimal, raw: string): boolean {
  try {
    return pay.equals(new Decimal(raw.trim()));
  } catch {
    return false;
  }
}

/** What arrives now for the amount by this method; refused when it fell beyond the tolerance. */
async function requote(api: OrderApi, method: BuyMethod, quote: KeptQuote, amount: Decimal): Promise<Decimal> {
  const rate = await api.buyCryptoRate({
    providerId: method.providerId, source: quote.source, target: quote.target, sourceAmount: amount, paymentMethodId: method.methodId,
  }).catch((error: unknown) => {
    throw orderRefusal(error);
  });
  const offer = rate.prices.find((p) => p.paymentMethodId === method.methodId);
  if (offer === undefined || offer.targetAmount.lte(0)) throw invalid('quote', `${method.providerName} gives no quote for ${method.methodName} now; get a new quote`);
  const floor = quote.receive.times(new Decimal(1).minus(BUY_REQUOTE_TOLERANCE));
  if (offer.targetAmount.lt(floor)) {
    throw invalid('quote', `${amount.toFixed()} ${quote.source} now brings ${offer.targetAmount.toFixed()} ${quote.target} instead of ${quote.receive.toFixed()}; review the new quote`);
  }
  return offer.targetAmount;
}

/** The service's refusal on the contract's field (its `source` is this form's source, not a transfer's `from`). */
export function orderRefusal(error: unknown): unknown {
  const failure = toAppFailure(error);
  const serviceField = isApiError(error) ? error.field : undefined;
  const field = serviceField === undefined ? undefined : ORDER_FIELDS[serviceField];
  return failure instanceof AppFailure && field !== undefined ? new AppFailure(failure.code, failure.message, field) : failure;
}
