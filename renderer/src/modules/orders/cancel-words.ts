// The sentences of a cancel: what the confirmation asks ("Cancel 3 BTCUSDT orders — frees
// 1,234.56 USDT and 0.5 BTC") and what each order's outcome was.
import type { CancelOutcome, OrderView } from '../../../../preload/contract/orders';
import { formatMoneyWithCode, type Precisions } from '../money/money-format';
import { moneyList, priceText, sideWord, sumReserves, type SymbolSides } from './order-words';
import { targetOrders, type CancelTarget } from './use-cancel-orders';

function ordersNoun(count: number, symbol: string | null): string {
  const what = symbol ? `${symbol} order` : 'order';
  return count === 1 ? `${what}` : `${what}s`;
}

/** The confirmation's question, naming exactly what is freed. */
export function cancelQuestion(target: CancelTarget, precision: Precisions): string {
  const orders = targetOrders(target);
  const frees = freesPhrase(orders, precision);
  if (target.kind === 'one') return `Cancel this ${ordersNoun(1, target.order.symbol)} — ${frees}`;
  if (target.kind === 'symbol') return `Cancel ${orders.length} ${ordersNoun(orders.length, target.symbol)} — ${frees}`;
  return `Cancel all ${orders.length} ${ordersNoun(orders.length, null)} — ${frees}`;
}

/** "frees 1,234.56 USDT and 0.5 BTC", saying how many orders hold an amount nobody knows. */
export function freesPhrase(orders: readonly OrderView[], precision: Precisions): string {
  const known = sumReserves(orders);
  const unknown = orders.filter((order) => order.reserves === null).length;
  const unknownPart = unknown === 0 ? '' : `${unknown === 1 ? 'one order holds' : `${unknown} orders hold`} an amount the service did not report`;
  if (known.length === 0) return unknown === 0 ? 'frees nothing' : `frees what it holds (${unknownPart})`;
  return `frees ${moneyList(known, precision)}${unknownPart ? `; ${unknownPart}` : ''}`;
}

/** "Buy 0.5 BTC at 64,000.00" — an order as one line of a list. */
export function orderLine(order: OrderView, sides: SymbolSides | null, precision: Precisions): string {
  const quantity = sides ? formatMoneyWithCode(order.quantity, sides.base, precision) : order.quantity;
  const price = order.price === null ? 'at the market price' : `at ${priceText(order.price, sides)}`;
  return `${sideWord(order.side)} ${quantity} ${price}`;
}

/** What happened to one order. */
export function outcomeWords(outcome: CancelOutcome, precision: Precisions): string {
  if (outcome.state === 'canceled') {
    return outcome.freed ? `Cancelled — freed ${formatMoneyWithCode(outcome.freed.amount, outcome.freed.currency, precision)}` : 'Cancelled';
  }
  if (outcome.state === 'filled') return 'Filled before it could be cancelled';
  return 'Already gone from the active orders (filled, cancelled or expired meanwhile)';
}
