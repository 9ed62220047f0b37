// Spot orders: what holds the spot balance's reserved funds, freeing it (cancel one, a symbol's, or
// all), and placing a limit or market order to rebalance at the book's price. Amounts are decimal
// text; a placed order is a money move and goes through the pending ledger like a withdrawal.
import { z } from 'zod';
import { amount } from './fields';
import { changes, noPayload, reads, type EventList, type Op, type OperationSpecs } from './operation';
import { visibleText } from './profile-schemas';

export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
/** The kinds Coffer places; listed orders may be of any kind the service has. */
export const PLACEABLE_ORDER_TYPES = ['limit', 'market'] as const;
export type PlaceableOrderType = (typeof PLACEABLE_ORDER_TYPES)[number];
export const PLACEABLE_TIME_IN_FORCE = ['GTC', 'IOC', 'FOK', 'Day'] as const;
export type PlaceableTimeInForce = (typeof PLACEABLE_TIME_IN_FORCE)[number];

export interface Money {
  currency: string;
  amount: string;
}

/** A spot symbol as the service lists it, with the account's fee rates. */
export interface TradingSymbol {
  symbol: string;
  baseCurrency: string;
  quoteCurrency: string;
  /** 'working' or 'suspended' (orders on a suspended symbol are refused before sending). */
  status: string;
  quantityIncrement: string;
  tickSize: string;
  feeCurrency: string;
  /** The account's rates (GET /spot/fee); makeRate may be negative (a rebate). */
  takeRate: string;
  makeRate: string;
}

/** An active order as the service reported it, and what it holds. */
export interface OrderView {
  /** The service's id (text: version 2 ids are not numbers everywhere). */
  id: string;
  clientOrderId: string;
  symbol: string;
  side: OrderSide;
  /** limit, market, stopLimit, stopMarket, takeProfitLimit, takeProfitMarket. */
  type: string;
  timeInForce: string;
  /** new, suspended, partiallyFilled, filled, canceled, expired. */
  status: string;
  quantity: string;
  quantityFilled: string;
  price: string | null;
  stopPrice: string | null;
  priceAverage: string | null;
  createdAt: string;
  updatedAt: string;
  /** What it holds of the spot balance: a buy its price × unfilled quantity plus the fee reserve in
   * the quote currency, a sell its unfilled quantity in the base currency; null when unknown (no price). */
  reserves: Money | null;
}

/** The active orders, and whether they are followed live from the trading stream. */
export interface OrdersSnapshot {
  orders: OrderView[];
  /** True while the trading stream is subscribed and answering; false: as of `asOf`, not live. */
  live: boolean;
  asOf: string;
  /** Σ reserves per currency over `orders`. */
  reservedByCurrency: Money[];
}

/** Which orders a cancel-many names: one symbol's, or every active order (no symbol). */
export interface CancelScope {
  symbol?: string;
}

/** One cancel's outcome: canceled (and what it freed), or found already filled or gone meanwhile. */
export type CancelOutcome =
  | { state: 'canceled'; order: OrderView; freed: Money | null }
  | { state: 'filled'; order: OrderView }
  | { state: 'gone'; clientOrderId: string };

export interface CancelManyResult {
  outcomes: CancelOutcome[];
  /** Σ freed per currency over the canceled ones. */
  freed: Money[];
}

/** An order as the person drafts it; quantity and price must already sit on the symbol's increments. */
export interface OrderDraft {
  symbol: string;
  side: OrderSide;
  type: PlaceableOrderType;
  quantity: string;
  /** Required for limit orders, refused for market ones. */
  price?: string;
  /** GTC by default for limit, FOK for market (the service's defaults). */
  timeInForce?: PlaceableTimeInForce;
  postOnly?: boolean;
}

/** What placing the draft would do, checked against the symbol, the balance and the book. */
export interface OrderPreview {
  draft: OrderDraft;
  symbol: TradingSymbol;
  /** The limit price, or a market order's estimate from the order book. */
  price: string;
  priceSource: { kind: 'limit' } | { kind: 'book'; at: string };
  /** price × quantity in the quote currency. */
  notional: Money;
  /** The fee at the account's taker rate (the most it can be), in the fee currency. */
  fee: Money;
  /** What leaves the available spot balance now (a buy: notional + fee reserve; a sell: quantity). */
  reserves: Money;
  /** What the order brings when it fills at `price`, net of the fee when the fee is taken from it. */
  receives: Money;
  available: Money;
  /** The same amount converted instantly at the current quote, for comparison; null when no quote. */
  conversion: { receives: Money; rate: string; spread: string; pricedAt: string } | null;
  /** receives − conversion.receives (positive: the order gives more); null without a conversion. */
  advantage: Money | null;
}

export type PlaceOrderResult =
  | { state: 'placed'; order: OrderView }
  /** The answer was lost: the ledger's move `moveId` is settled from the active orders and the
   * order history by client order id, never sent again. */
  | { state: 'uncertain'; reason: string; moveId: string };

export interface OrderOperations {
  listTradingSymbols: Op<void, TradingSymbol[]>;
  /** The active orders now (read once); follow them with watchOrders. */
  listOrders: Op<void, OrdersSnapshot>;
  /** Follows the trading stream's order reports: ordersChanged events until stopOrders. */
  watchOrders: Op<void, OrdersSnapshot>;
  stopOrders: Op<void, void>;
  cancelOrder: Op<{ clientOrderId: string }, CancelOutcome>;
  cancelOrders: Op<CancelScope, CancelManyResult>;
  previewOrder: Op<OrderDraft, OrderPreview>;
  placeOrder: Op<OrderDraft, PlaceOrderResult>;
}

const symbol = z.string().trim().min(1, 'Choose a symbol').max(32, 'symbol is too long').regex(/^[A-Za-z0-9_-]+$/, 'symbol is not valid');
const clientOrderId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,32}$/, 'client order id must be 8-32 letters, digits, underscores or hyphens')
  .superRefine(visibleText('The client order id'));

const draft = z
  .object({
    symbol,
    side: z.enum(ORDER_SIDES, { error: 'side must be buy or sell' }),
    type: z.enum(PLACEABLE_ORDER_TYPES, { error: 'type must be limit or market' }),
    quantity: amount,
    price: amount.optional(),
    timeInForce: z.enum(PLACEABLE_TIME_IN_FORCE, { error: 'time in force must be GTC, IOC, FOK or Day' }).optional(),
    postOnly: z.boolean().optional(),
  })
  .strict()
  .refine((d) => d.type !== 'limit' || d.price !== undefined, { message: 'Enter a price for a limit order', path: ['price'] })
  .refine((d) => d.type !== 'market' || d.price === undefined, { message: 'A market order takes no price', path: ['price'] })
  .refine((d) => d.type !== 'market' || d.postOnly !== true, { message: 'A market order cannot be post-only', path: ['postOnly'] });

export const ORDER_OPERATIONS = {
  listTradingSymbols: reads(noPayload),
  listOrders: reads(noPayload),
  watchOrders: changes(noPayload),
  stopOrders: changes(noPayload),
  cancelOrder: changes(z.object({ clientOrderId }).strict()),
  cancelOrders: changes(z.object({ symbol: symbol.optional() }).strict()),
  previewOrder: reads(draft),
  placeOrder: changes(draft),
} as const satisfies OperationSpecs<OrderOperations>;

export interface OrderEvents {
  /** The active orders changed (a report from the trading stream), or the stream went or came back. */
  ordersChanged: { profileId: string; snapshot: OrdersSnapshot };
}

export const ORDER_EVENTS = { ordersChanged: true } as const satisfies EventList<OrderEvents>;
