// Spot orders: what is active, placing one (a money move, sent once), cancelling, and what a
// draft is checked against (symbols, fee rates, the order book).
import type { NewSpotOrder, SpotFeeRate, SpotOrder, SpotOrderBook, SpotSymbol } from '../domain';
import type { Settled } from '../operations';

export interface OrderCalls {
  /** The spot symbols with their increments and status (public). */
  spotSymbols(): Promise<SpotSymbol[]>;
  /** The account's fee rates per symbol. */
  spotFees(): Promise<SpotFeeRate[]>;
  activeOrders(symbol?: string): Promise<SpotOrder[]>;
  /** Sent once with strict validation (the service never rounds): a lost answer comes back `uncertain`. */
  placeOrder(order: NewSpotOrder): Promise<Settled<SpotOrder>>;
  /** Throws the service's 20002 when no active order has this id. */
  cancelOrder(clientOrderId: string): Promise<SpotOrder>;
  /** Every active order, or one symbol's; answers with the cancelled ones. */
  cancelOrders(symbol?: string): Promise<SpotOrder[]>;
  /** The order with this client id, active or in the order history; null when neither knows it. */
  findOrder(clientOrderId: string): Promise<SpotOrder | null>;
  orderBook(symbol: string): Promise<SpotOrderBook>;
}
