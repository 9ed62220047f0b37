// The buy form's rules, pure: what can be chosen (the fiats some method takes, the cryptos some
// method sells for that fiat and their networks), the pay-side limits of every method for the pair
// — shown before the amount hits them — and each error on its field, so an amount no method takes
// is refused here, before any quote is asked.
import { sellsPair as sells, type BuyAmountSide, type BuyOptions, type BuyQuoteRequest } from '../../../../preload/contract';
import Decimal from '../../../../preload/contract/decimal';
import { checkAmountInput } from '../money/amount-input';
import { formatAmount, precisionOf } from '../money/money-format';

/** The fields an error can land on; main's `methodId` and `quote` refusals land on the board (`quote`). */
export const BUY_FIELDS = ['source', 'target', 'network', 'amount', 'quote'] as const;
export type BuyField = (typeof BUY_FIELDS)[number];
export type BuyErrors = Partial<Record<BuyField, string>>;

export interface BuyDraft {
  source: string | null;
  target: string | null;
  network: string | null;
  /** Whether the amount is what is paid (fiat) or what should arrive (crypto). */
  side: BuyAmountSide;
  amount: string;
}

/** The smallest minimum and the largest maximum of every method for a pair, in the fiat paid. */
export interface PairLimits {
  min: Decimal;
  max: Decimal;
  currency: string;
  decimals: number;
}

export function emptyBuyDraft(): BuyDraft {
  return { source: null, target: null, network: null, side: 'pay', amount: '' };
}

/** The field an error of getBuyQuotes or createBuyOrder belongs on. */
export function buyFieldOf(field: string | undefined): BuyField | null {
  if (field === 'methodId' || field === 'quote') return 'quote';
  return (BUY_FIELDS as readonly string[]).includes(field ?? '') ? (field as BuyField) : null;
}

/** The cryptos some method sells for this fiat (all of them before a fiat is chosen). */
export function targetsFor(options: BuyOptions, source: string | null): string[] {
  const codes = options.targets.map((t) => t.currency);
  if (!source) return codes;
  return codes.filter((code) => options.methods.some((method) => sells(method, source, code)));
}

/** The networks some method paying in `source` delivers the crypto on. */
export function networksFor(options: BuyOptions, source: string | null, target: string | null): string[] {
  if (!target) return [];
  const networks = new Set<string>();
  for (const method of options.methods) {
    if (source && !method.sources.includes(source)) continue;
    for (const t of method.targets) if (t.currency === target && t.network !== null) networks.add(t.network);
  }
  const listed = options.targets.find((t) => t.currency === target)?.networks ?? [];
  return [...listed.filter((n) => networks.has(n)), ...[...networks].filter((n) => !listed.includes(n))];
}

export function pairLimits(options: BuyOptions, source: string | null, target: string | null, network: string | null): PairLimits | null {
  if (!source || !target) return null;
  let min: Decimal | null = null;
  let max: Decimal | null = null;
  for (const method of options.methods) {
    if (!sells(method, source, target)) continue;
    for (const limit of method.limits) {
      if (limit.source !== source || limit.target !== target) continue;
      if (network !== null && limit.network !== null && limit.network !== network) continue;
      const [low, high] = [new Decimal(limit.min), new Decimal(limit.max)];
      if (min === null || low.lessThan(min)) min = low;
      if (max === null || high.greaterThan(max)) max = high;
    }
  }
  if (min === null || max === null) return null;
  return { min, max, currency: source, decimals: precisionOf(source, options.precision) };
}

/** "10 – 50,000 EUR". */
export function rangeText(min: string | Decimal, max: string | Decimal, currency: string, decimals: number): string {
  const shown = (value: string | Decimal) => formatAmount(value, decimals, { trim: true });
  return `${shown(min)} – ${shown(max)} ${currency}`;
}

/** What the hint under the amount says: "Methods take 10 – 50,000 EUR". */
export function limitsHint(limits: PairLimits): string {
  return `Methods take ${rangeText(limits.min, limits.max, limits.currency, limits.decimals)}`;
}

/** Every error of the draft, on its field; an empty amount is not an error until something is asked of it. */
export function validateBuy(draft: BuyDraft, options: BuyOptions | null): BuyErrors {
  const errors: BuyErrors = {};
  if (!draft.source) errors.source = 'Choose the currency you pay with.';
  else if (options && !options.sources.includes(draft.source)) errors.source = `No provider takes ${draft.source}.`;
  if (!draft.target) errors.target = 'Choose the crypto you want to receive.';
  else if (options && draft.source && !targetsFor(options, draft.source).includes(draft.target)) {
    errors.target = `No provider sells ${draft.target} for ${draft.source}.`;
  }
  if (errors.source || errors.target) return errors;
  const networks = options ? networksFor(options, draft.source, draft.target) : [];
  if (draft.network === null && networks.length > 1) errors.network = 'Choose the network the coins arrive on.';
  else if (draft.network !== null && options && !networks.includes(draft.network)) {
    errors.network = `No provider delivers ${draft.target} on ${draft.network}.`;
  }
  const amountError = checkBuyAmount(draft, options);
  if (amountError) errors.amount = amountError;
  return errors;
}

function checkBuyAmount(draft: BuyDraft, options: BuyOptions | null): string | null {
  if (draft.amount.trim() === '') return null;
  const currency = (draft.side === 'pay' ? draft.source : draft.target) ?? '';
  const decimals = options ? precisionOf(currency, options.precision) : 8;
  const check = checkAmountInput(draft.amount, { decimals, currency });
  if (!check.ok) return check.message;
  if (draft.side !== 'pay' || !options) return null;
  const limits = pairLimits(options, draft.source, draft.target, draft.network);
  if (limits === null) return null;
  const range = rangeText(limits.min, limits.max, limits.currency, limits.decimals);
  const typed = `${formatAmount(check.amount, decimals, { trim: true })} ${currency}`;
  if (check.amount.lessThan(limits.min)) return `${typed} is under every method's minimum: the methods for ${draft.source} → ${draft.target} take ${range}.`;
  if (check.amount.greaterThan(limits.max)) return `${typed} is over every method's maximum: the methods for ${draft.source} → ${draft.target} take ${range}.`;
  return null;
}

/** The quotes to ask for, or null while the draft is incomplete or wrong. */
export function quoteRequestOf(draft: BuyDraft, errors: BuyErrors): BuyQuoteRequest | null {
  if (!draft.source || !draft.target || draft.amount.trim() === '') return null;
  if (errors.source || errors.target || errors.network || errors.amount) return null;
  const request: BuyQuoteRequest = { source: draft.source, target: draft.target, side: draft.side, amount: draft.amount.trim() };
  if (draft.network !== null) request.network = draft.network;
  return request;
}
