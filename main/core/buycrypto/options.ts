// What can be bought: every provider's payment methods with the fiat they take, the crypto (and
// network) they sell and their limits, read from the service's unfiltered provider list and kept
// a few minutes. The questions the quotes and orders ask of a method live here too.
import Decimal from '../../../preload/contract/decimal';
import type { BuyLimit, BuyMethod, BuyOptions } from '../../../preload/contract/buycrypto';
import type { BuyCryptoProvider, Currency } from '../../exchange/domain';
import type { TreasuryApi } from '../../exchange/treasury-api';
import { serviceCall } from '../session/api-failure';
import { precisionOf } from '../wallet/balances';

/** The provider list changes rarely: read again after this long. */
export const OPTIONS_KEEP_MS = 3 * 60_000;

export interface OptionsDeps {
  api: Pick<TreasuryApi, 'buyCryptoProviders'>;
  currencies(): Promise<Currency[]>;
  now(): number;
}

/** The options with the currency list they were built from. */
export interface OptionsSnapshot {
  options: BuyOptions;
  currencies: Currency[];
}

export class BuyOptionsBook {
  private kept: { snapshot: OptionsSnapshot; atMs: number } | null = null;
  private loading: Promise<OptionsSnapshot> | null = null;

  constructor(private readonly deps: OptionsDeps) {}

  async current(): Promise<OptionsSnapshot> {
    if (this.kept !== null && this.deps.now() - this.kept.atMs < OPTIONS_KEEP_MS) return this.kept.snapshot;
    this.loading ??= this.load().finally(() => (this.loading = null));
    return this.loading;
  }

  /** The provider's name as last read (the id itself when it is not listed). */
  providerName(providerId: string): string {
    return this.kept?.snapshot.options.methods.find((m) => m.providerId === providerId)?.providerName ?? `Provider ${providerId}`;
  }

  methodName(providerId: string, methodId: string | undefined): string | null {
    if (methodId === undefined) return null;
    return this.kept?.snapshot.options.methods.find((m) => m.providerId === providerId && m.methodId === methodId)?.methodName ?? null;
  }

  /** Every provider id last read. */
  providerIds(): string[] {
    return [...new Set(this.kept?.snapshot.options.methods.map((m) => m.providerId) ?? [])];
  }

  private async load(): Promise<OptionsSnapshot> {
    const [providers, currencies] = await Promise.all([
      serviceCall(() => this.deps.api.buyCryptoProviders()),
      serviceCall(() => this.deps.currencies()),
    ]);
    const snapshot = { options: buildOptions(providers, currencies), currencies };
    this.kept = { snapshot, atMs: this.deps.now() };
    return snapshot;
  }
}

export function buildOptions(providers: readonly BuyCryptoProvider[], currencies: readonly Currency[]): BuyOptions {
  const methods: BuyMethod[] = providers.flatMap((provider) =>
    provider.methods.map((method) => ({
      providerId: provider.id,
      providerName: provider.name || `Provider ${provider.id}`,
      methodId: method.id,
      methodName: method.name || method.type || `Method ${method.id}`,
      methodType: method.type,
      sources: method.sources.map(upper),
      targets: method.targets.map((t) => ({ currency: upper(t.code), network: t.networkCode === undefined ? null : upper(t.networkCode) })),
      limits: method.limits.map((l) => ({
        source: upper(l.sourceCode), target: upper(l.targetCode), network: l.networkCode === undefined ? null : upper(l.networkCode),
        min: l.sourceMin.toFixed(), max: l.sourceMax.toFixed(),
      })),
    })),
  );
  const sources = [...new Set(methods.flatMap((m) => m.sources))].sort();
  const networks = new Map<string, Set<string>>();
  for (const target of methods.flatMap((m) => m.targets)) {
    const known = networks.get(target.currency) ?? new Set<string>();
    if (target.network !== null) known.add(target.network);
    networks.set(target.currency, known);
  }
  const targets = [...networks].sort(([a], [b]) => a.localeCompare(b)).map(([currency, set]) => ({ currency, networks: [...set] }));
  const used = new Set([...sources, ...networks.keys()]);
  const precision = Object.fromEntries(currencies.filter((c) => used.has(c.code)).map((c) => [c.code, precisionOf(c.precisionTransfer)]));
  return { methods, sources, targets, precision };
}

/**
 * The network the method would deliver the crypto on: the one wanted when the method delivers
 * there (a target listed without a network is taken to deliver anywhere), else the first it
 * lists. Undefined when it does not deliver on the wanted one.
 */
export function deliveryNetwork(method: BuyMethod, target: string, wanted: string | undefined): string | null | undefined {
  const offered = method.targets.filter((t) => t.currency === target);
  if (wanted === undefined) return offered[0]?.network;
  return offered.some((t) => t.network === wanted || t.network === null) ? wanted : undefined;
}

/** The method's limit for source → target on the network (a limit listed without network applies to all). */
export function limitOf(method: BuyMethod, source: string, target: string, network: string | null): BuyLimit | undefined {
  const forPair = method.limits.filter((l) => l.source === source && l.target === target);
  return forPair.find((l) => l.network === network) ?? forPair.find((l) => l.network === null);
}

/** Why the pay amount does not fit the limit ("Minimum 20 EUR with Card"); null when it fits or there is none. */
export function limitProblem(pay: Decimal, limit: BuyLimit | undefined, methodName: string): string | null {
  if (limit === undefined) return null;
  if (pay.lt(limit.min)) return `Minimum ${limit.min} ${limit.source} with ${methodName}`;
  if (pay.gt(limit.max)) return `Maximum ${limit.max} ${limit.source} with ${methodName}`;
  return null;
}

/** The range all these limits together take, for the message when an amount fits none of them. */
export function overallRange(limits: readonly BuyLimit[]): { min: Decimal; max: Decimal } | null {
  if (limits.length === 0) return null;
  return {
    min: Decimal.min(...limits.map((l) => new Decimal(l.min))),
    max: Decimal.max(...limits.map((l) => new Decimal(l.max))),
  };
}

function upper(code: string): string {
  return code.trim().toUpperCase();
}
