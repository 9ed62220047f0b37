// Quotes from every provider and payment method side by side. The request is checked field by
// field first (nothing is asked when it fails); then each usable method is asked on its own, in
// parallel, and a method the pay amount is outside the limits of is never asked. Every offer gets
// a quote id kept here with its terms and the local time it was heard, so an order is checked
// against exactly the quote the person reviewed.
import { randomUUID } from 'node:crypto';
import Decimal from '../../../preload/contract/decimal';
import { sellsPair, type BuyMethod, type BuyQuoteBoard, type BuyQuoteRequest, type BuyQuoteRow } from '../../../preload/contract/buycrypto';
import type { BuyCryptoRate, Currency } from '../../exchange/domain';
import type { TreasuryApi } from '../../exchange/treasury-api';
import { findCurrency, invalid, normalCode } from '../field-checks';
import { failureText } from '../session/api-failure';
import { parseAmount, precisionOfCurrency } from '../transfers/checks';
import { deliveryNetwork, limitOf, limitProblem, overallRange, type BuyOptionsBook } from './options';

/** Quotes older than this are forgotten (an order at one is refused as unknown). */
const KEEP_QUOTES_MS = 5 * 60_000;

export type RateApi = Pick<TreasuryApi, 'buyCryptoRate'>;

/** What a quote id stands for. */
export interface KeptQuote {
  providerId: string;
  methodId: string;
  source: string;
  target: string;
  network: string | null;
  pay: Decimal;
  receive: Decimal;
  heardAtMs: number;
}

export interface QuoteDeps {
  api: RateApi;
  options: BuyOptionsBook;
  now(): number;
}

/** The request's currencies, checked, with their precisions. */
export interface PairCheck {
  source: Currency;
  target: Currency;
  selling: BuyMethod[];
}

interface Plan {
  method: BuyMethod;
  network: string | null;
  problem: string | null;
}

export class BuyQuoteBook {
  private readonly kept = new Map<string, KeptQuote>();

  constructor(private readonly deps: QuoteDeps) {}

  async quote(request: BuyQuoteRequest): Promise<BuyQuoteBoard> {
    const { options, currencies } = await this.deps.options.current();
    const { source, target, selling } = checkPair(request.source, request.target, currencies, options.methods, options.sources);
    const wanted = request.network === undefined ? undefined : normalCode(request.network);
    if (wanted !== undefined && !selling.some((m) => deliveryNetwork(m, target.code, wanted) !== undefined)) {
      throw invalid('network', `No provider delivers ${target.code} on ${wanted}`);
    }
    const paySide = request.side === 'pay';
    const amount = parseAmount(request.amount, paySide ? source : target);
    const plans = options.methods.map((method) => plan(method, source.code, target.code, wanted, paySide ? amount : null));
    const usable = plans.filter((p) => sellsPair(p.method, source.code, target.code) && (wanted === undefined || p.network === wanted));
    if (paySide && usable.length > 0 && usable.every((p) => p.problem !== null)) {
      const range = overallRange(usable.flatMap((p) => limitOf(p.method, source.code, target.code, p.network) ?? []));
      if (range !== null) {
        throw invalid('amount', `The methods for ${source.code} → ${target.code} take ${range.min.toFixed()} – ${range.max.toFixed()} ${source.code}`);
      }
    }
    const rates = await Promise.allSettled(plans.map((p) => (p.problem === null ? this.ask(p.method, source.code, target.code, paySide, amount) : null)));
    const heardAtMs = this.deps.now();
    this.prune(heardAtMs);
    const spot = rates.flatMap((r) => (r.status === 'fulfilled' && r.value?.spotPrice?.gt(0) ? [r.value.spotPrice] : []))[0] ?? null;
    const sourcePrecision = precisionOfCurrency(source);
    const rows = plans.map((p, i) => {
      const row = this.row(p, rates[i], { source: source.code, target: target.code, heardAtMs, sourcePrecision, spot });
      // Asked for what arrives: the pay amount is known only now, and is held to the limits here.
      const late = !paySide && row.pay !== null && row.problem === null ? limitProblem(new Decimal(row.pay), limitOf(p.method, source.code, target.code, p.network), p.method.methodName) : null;
      if (late !== null && row.quoteId !== null) this.kept.delete(row.quoteId);
      return late === null ? row : { ...row, problem: late, quoteId: null };
    });
    markBest(rows, paySide);
    return {
      request: { ...request, source: source.code, target: target.code, ...(wanted === undefined ? {} : { network: wanted }) },
      spotPrice: spot === null ? null : spot.toFixed(),
      rows,
      quotedAt: new Date(heardAtMs).toISOString(),
      sourcePrecision,
      targetPrecision: precisionOfCurrency(target),
    };
  }

  /** The quote's terms, or undefined when it is unknown (never given, or forgotten). */
  recall(quoteId: string): KeptQuote | undefined {
    return this.kept.get(quoteId.trim());
  }

  private async ask(method: BuyMethod, source: string, target: string, paySide: boolean, amount: Decimal): Promise<BuyCryptoRate> {
    return this.deps.api.buyCryptoRate({
      providerId: method.providerId, source, target, paymentMethodId: method.methodId,
      ...(paySide ? { sourceAmount: amount } : { targetAmount: amount }),
    });
  }

  private row(p: Plan, rate: PromiseSettledResult<BuyCryptoRate | null> | undefined, about: RowContext): BuyQuoteRow {
    const limit = limitOf(p.method, about.source, about.target, p.network);
    const base: BuyQuoteRow = {
      providerId: p.method.providerId, providerName: p.method.providerName, methodId: p.method.methodId, methodName: p.method.methodName,
      methodType: p.method.methodType, network: p.network, quoteId: null, pay: null, receive: null, price: null, vsSpot: null,
      min: limit?.min ?? null, max: limit?.max ?? null, problem: p.problem, best: false,
    };
    if (p.problem !== null || rate === undefined) return base;
    if (rate.status === 'rejected') return { ...base, problem: `The quote failed: ${failureText(rate.reason)}` };
    const offer = rate.value?.prices.find((price) => price.paymentMethodId === p.method.methodId);
    if (offer === undefined || offer.targetAmount.lte(0) || offer.sourceAmount.lte(0)) {
      return { ...base, problem: `${p.method.providerName} gave no quote for ${p.method.methodName}` };
    }
    const price = offer.sourceAmount.div(offer.targetAmount).toDecimalPlaces(about.sourcePrecision);
    const quoteId = randomUUID();
    this.kept.set(quoteId, {
      providerId: p.method.providerId, methodId: p.method.methodId, source: about.source, target: about.target, network: p.network,
      pay: offer.sourceAmount, receive: offer.targetAmount, heardAtMs: about.heardAtMs,
    });
    return {
      ...base, quoteId, pay: offer.sourceAmount.toFixed(), receive: offer.targetAmount.toFixed(), price: price.toFixed(),
      vsSpot: about.spot === null ? null : price.div(about.spot).minus(1).toDecimalPlaces(4).toFixed(4),
    };
  }

  private prune(now: number): void {
    for (const [id, quote] of this.kept) if (now - quote.heardAtMs > KEEP_QUOTES_MS) this.kept.delete(id);
  }
}

interface RowContext {
  source: string;
  target: string;
  heardAtMs: number;
  sourcePrecision: number;
  spot: Decimal | null;
}

/** The source must be a fiat some method takes; some method must sell the target for it. */
export function checkPair(rawSource: string, rawTarget: string, currencies: readonly Currency[], methods: readonly BuyMethod[], sources: readonly string[]): PairCheck {
  const code = normalCode(rawSource);
  const source = currencies.find((c) => c.code === code);
  if (source === undefined || source.crypto || !sources.includes(code)) {
    throw invalid('source', `The providers take no ${code}; choose ${sources.join(', ') || 'another currency'}`);
  }
  const target = findCurrency(rawTarget, currencies, 'target');
  const selling = methods.filter((m) => sellsPair(m, source.code, target.code));
  if (selling.length === 0) throw invalid('target', `No provider sells ${target.code} for ${source.code}`);
  return { source, target, selling };
}

/** Whether the method can be asked, and on which network the coins would arrive. */
function plan(method: BuyMethod, source: string, target: string, wanted: string | undefined, pay: Decimal | null): Plan {
  if (!sellsPair(method, source, target)) {
    const what = method.sources.includes(source) ? target : `${target} for ${source}`;
    return { method, network: wanted ?? null, problem: `${method.providerName} does not sell ${what} with ${method.methodName}` };
  }
  const network = deliveryNetwork(method, target, wanted);
  if (network === undefined) return { method, network: wanted ?? null, problem: `${method.methodName} does not deliver ${target} on ${wanted ?? 'that network'}` };
  const problem = pay === null ? null : limitProblem(pay, limitOf(method, source, target, network), method.methodName);
  return { method, network, problem };
}

/** The most crypto for the money (pay side), or the least money for the crypto (receive side). */
function markBest(rows: BuyQuoteRow[], paySide: boolean): void {
  let best: BuyQuoteRow | null = null;
  for (const row of rows) {
    if (row.quoteId === null || row.pay === null || row.receive === null) continue;
    if (best === null) best = row;
    else if (paySide ? new Decimal(row.receive).gt(best.receive ?? 0) : new Decimal(row.pay).lt(best.pay ?? 0)) best = row;
  }
  if (best !== null) best.best = true;
}
