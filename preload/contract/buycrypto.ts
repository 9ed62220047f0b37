// Buying crypto with fiat through the service's providers: what each provider and payment method
// sells and within which limits, quotes from all of them side by side, creating an order (sent
// once, through the ledger) whose checkout opens in the system browser, and the account's orders
// followed until the coins arrive. Amounts are decimal text.
import { z } from 'zod';
import { amount, currency, network } from './fields';
import { changes, noPayload, reads, type EventList, type Op, type OperationSpecs } from './operation';
import { visibleText } from './profile-schemas';

/** A payment method's limits on what is paid, for one fiat → crypto (on one network). */
export interface BuyLimit {
  source: string;
  target: string;
  /** null when the provider lists the limit without a network. */
  network: string | null;
  min: string;
  max: string;
}

export interface BuyMethod {
  providerId: string;
  providerName: string;
  methodId: string;
  methodName: string;
  /** card, bank_transfer, apple_pay … as the service names it. */
  methodType: string;
  sources: string[];
  targets: Array<{ currency: string; network: string | null }>;
  limits: BuyLimit[];
}

/** Whether the method takes this fiat and sells this crypto (on some network). */
export function sellsPair(method: Pick<BuyMethod, 'sources' | 'targets'>, source: string, target: string): boolean {
  return method.sources.includes(source) && method.targets.some((t) => t.currency === target);
}

export interface BuyOptions {
  methods: BuyMethod[];
  /** Every fiat some method takes, and every crypto some method sells (with its networks). */
  sources: string[];
  targets: Array<{ currency: string; networks: string[] }>;
  /** Decimal places per currency code. */
  precision: Record<string, number>;
}

/** The amount typed is what is paid (fiat) or what should arrive (crypto). */
export const BUY_AMOUNT_SIDES = ['pay', 'receive'] as const;
export type BuyAmountSide = (typeof BUY_AMOUNT_SIDES)[number];

export interface BuyQuoteRequest {
  source: string;
  target: string;
  /** The crypto's network; the first one a method delivers to when not given. */
  network?: string;
  side: BuyAmountSide;
  amount: string;
}

/** One provider/method's offer, or why it has none. */
export interface BuyQuoteRow {
  providerId: string;
  providerName: string;
  methodId: string;
  methodName: string;
  methodType: string;
  /** The network the coins would arrive on. */
  network: string | null;
  /** Names this quote in createBuyOrder; null when there is no offer. */
  quoteId: string | null;
  pay: string | null;
  receive: string | null;
  /** Fiat per one unit of crypto implied by pay / receive. */
  price: string | null;
  /** (price / spot − 1) as a fraction, e.g. "0.0362"; null without a spot price. */
  vsSpot: string | null;
  min: string | null;
  max: string | null;
  /** Why this method cannot be used for the request (outside its limits, pair or network not served, its quote failed); null when it can. */
  problem: string | null;
  /** The most crypto for the money (pay side) or the least money for the crypto (receive side) among usable rows. */
  best: boolean;
}

export interface BuyQuoteBoard {
  request: BuyQuoteRequest;
  /** Fiat per one unit of crypto at the service's spot price; null when none was given. */
  spotPrice: string | null;
  rows: BuyQuoteRow[];
  /** Local time main heard the quotes (ISO); a quote is stale BUY_QUOTE_STALE_MS after it. */
  quotedAt: string;
  sourcePrecision: number;
  targetPrecision: number;
}

/** A quote older than this is refused (field `quote`): refresh and review it again. */
export const BUY_QUOTE_STALE_MS = 60_000;
/** The quote is asked again before an order: when what arrives falls by more than this share, the order is not sent. */
export const BUY_REQUOTE_TOLERANCE = '0.01';

/** The order as reviewed: main checks each field again (limits, pair, network) and that the quote still stands. */
export interface BuyOrderInput {
  /** A quoteId from getBuyQuotes; refused when unknown, stale or for other terms. */
  quote: string;
  providerId: string;
  methodId: string;
  source: string;
  target: string;
  network: string;
  /** What is paid, in the source currency (the quote's `pay`). */
  amount: string;
}

export const BUY_ORDER_STATUSES = ['initial', 'in_progress', 'completed', 'failed', 'expired'] as const;

/** The incoming deposit that delivered an order's coins. */
export interface BuyDeposit {
  transactionId: string;
  amount: string;
  currency: string;
  network: string | null;
  hash: string | null;
  at: string;
  /** How it was matched: the transaction's operation id, or its buy-crypto details (meta). */
  matchedBy: 'operationId' | 'meta';
}

export interface BuyOrderView {
  id: string;
  providerId: string;
  providerName: string;
  methodName: string | null;
  source: string;
  target: string;
  network: string | null;
  pay: string | null;
  /** What the order says will arrive; null when the service does not say. */
  receive: string | null;
  /** The service's own word (initial, in_progress, completed, failed, expired or another). */
  status: string;
  /** The status in plain words. */
  statusText: string;
  /** True while the order may still change (initial, in_progress). */
  open: boolean;
  walletAddress: string | null;
  checkoutUrl: string | null;
  createdAt: string | null;
  operationId: string | null;
  /** The matching incoming deposit once the order is completed and it has been found. */
  deposit: BuyDeposit | null;
}

/** The key an order is known by on both sides: its id is the provider's own. */
export const buyOrderKey = (order: Pick<BuyOrderView, 'providerId' | 'id'>): string => `${order.providerId}:${order.id}`;

export type BuyOrderResult =
  | { state: 'done'; order: BuyOrderView }
  /** The answer was lost: the ledger's move `moveId` is being checked and must not be repeated. */
  | { state: 'uncertain'; reason: string; moveId: string };

export interface BuyOrderList {
  orders: BuyOrderView[];
  /** Providers whose orders could not be read, with why. */
  unreadable: Array<{ providerName: string; reason: string }>;
  asOf: string;
}

export interface BuyCryptoOperations {
  listBuyOptions: Op<void, BuyOptions>;
  /** Asks every provider and method that sells the pair; nothing is asked of a method the amount is outside the limits of. */
  getBuyQuotes: Op<BuyQuoteRequest, BuyQuoteBoard>;
  /** Re-checks the quote, then creates the order once (audited, through the ledger). */
  createBuyOrder: Op<BuyOrderInput, BuyOrderResult>;
  /** Every order of the account at every provider, newest first; open ones are then followed (buyOrderUpdated). */
  listBuyOrders: Op<void, BuyOrderList>;
}

const quoteId = z.string().trim().min(1, 'Choose a quote').max(64, 'quote id is too long').superRefine(visibleText('The quote id'));
const idText = (what: string) => z.string().trim().min(1, `Choose a ${what}`).max(32, `${what} id is too long`).regex(/^[A-Za-z0-9_-]+$/, `${what} id is not valid`);

export const BUY_CRYPTO_OPERATIONS = {
  listBuyOptions: reads(noPayload),
  getBuyQuotes: reads(
    z
      .object({
        source: currency,
        target: currency,
        network,
        side: z.enum(BUY_AMOUNT_SIDES, { error: 'side must be pay or receive' }),
        amount,
      })
      .strict(),
  ),
  createBuyOrder: changes(
    z
      .object({
        quote: quoteId,
        providerId: idText('provider'),
        methodId: idText('payment method'),
        source: currency,
        target: currency,
        network: z.string().trim().min(1, 'Choose a network').max(32, 'network is too long').superRefine(visibleText('The network')),
        amount,
      })
      .strict(),
  ),
  listBuyOrders: reads(noPayload),
} as const satisfies OperationSpecs<BuyCryptoOperations>;

export interface BuyCryptoEvents {
  /** An order changed status or its deposit was found; `arrived` is true once, when the coins are in. */
  buyOrderUpdated: { profileId: string; order: BuyOrderView; arrived: boolean };
}

export const BUY_CRYPTO_EVENTS = { buyOrderUpdated: true } as const satisfies EventList<BuyCryptoEvents>;
