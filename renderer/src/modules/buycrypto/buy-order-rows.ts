// The account's buy orders as they read on screen, pure: newest first, one update replacing its
// order in place, the status's colour (its words come from main), the deposit that delivered the
// coins, and what the arrival notification says.
import { buyOrderKey, type BuyDeposit, type BuyOrderView } from '../../../../preload/contract';
import { formatMoneyWithCode, type Precisions } from '../money/money-format';
import type { Tone } from '../shell/tone';

const TONES: Record<string, Tone> = { initial: 'warning', in_progress: 'info', completed: 'success', failed: 'error', expired: 'default' };

export function statusTone(status: string): Tone {
  return TONES[status] ?? 'default';
}

/** Newest first; orders without a creation time last, by id. */
export function newestFirst(orders: readonly BuyOrderView[]): BuyOrderView[] {
  return orders.slice().sort((a, b) => {
    if (a.createdAt !== b.createdAt) {
      if (a.createdAt === null) return 1;
      if (b.createdAt === null) return -1;
      return Date.parse(b.createdAt) - Date.parse(a.createdAt);
    }
    return b.id.localeCompare(a.id, 'en', { numeric: true });
  });
}

/** The list with `order` in it: its older view replaced, or added when new. */
export function withOrder(orders: readonly BuyOrderView[], order: BuyOrderView): BuyOrderView[] {
  const key = buyOrderKey(order);
  return newestFirst([...orders.filter((o) => buyOrderKey(o) !== key), order]);
}

/** The further along of two views of one order: settled over open, with its deposit over without. */
export function furtherAlong(a: BuyOrderView, b: BuyOrderView): BuyOrderView {
  if (a.open !== b.open) return a.open ? b : a;
  if ((a.deposit === null) !== (b.deposit === null)) return a.deposit === null ? b : a;
  return b;
}

/** A fresh list read merged with what is known: orders only known here stay, each the further along view. */
export function mergeOrders(known: readonly BuyOrderView[], listed: readonly BuyOrderView[]): BuyOrderView[] {
  const byKey = new Map(known.map((order) => [buyOrderKey(order), order]));
  for (const order of listed) {
    const before = byKey.get(buyOrderKey(order));
    byKey.set(buyOrderKey(order), before ? furtherAlong(before, order) : order);
  }
  return newestFirst([...byKey.values()]);
}

/** "0.00123000 BTC": the amount as the order list and the wallet show it, padded to its precision. */
export function amountWords(amount: string, currency: string, precision: Precisions): string {
  return formatMoneyWithCode(amount, currency, precision);
}

/** The desktop notification once an order's coins are in the wallet. */
export function arrivalNotice(order: BuyOrderView, precision: Precisions): { title: string; body: string } {
  const amount = order.deposit?.amount ?? order.receive;
  const what = amount === null ? order.target : amountWords(amount, order.deposit?.currency ?? order.target, precision);
  return { title: 'Coins arrived', body: `${what} from ${order.providerName} (order ${order.id}) are in your wallet` };
}

/** How the deposit was matched to the order, in words. */
export function matchedByText(deposit: BuyDeposit): string {
  return deposit.matchedBy === 'operationId' ? 'matched by operation id' : 'matched by the order’s details';
}

/** Whether the order still waits for payment at the provider's checkout. */
export const awaitsPayment = (order: BuyOrderView): boolean => order.status === 'initial' && order.checkoutUrl !== null;
