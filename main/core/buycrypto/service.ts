// Buying crypto for one profile: the providers' options, quotes side by side, an order created
// once at a reviewed quote, and the account's orders, followed until the coins arrive. Every
// checkout URL the service gives is registered with the link policy, the only way the page can
// be opened in the system browser.
import {
  buyOrderKey, type BuyDeposit, type BuyOptions, type BuyOrderInput, type BuyOrderList, type BuyOrderResult, type BuyOrderView,
  type BuyQuoteBoard, type BuyQuoteRequest,
} from '../../../preload/contract/buycrypto';
import type { BuyCryptoOrder, Currency, Transaction } from '../../exchange/domain';
import type { TreasuryApi } from '../../exchange/treasury-api';
import type { PendingLedger } from '../pending/ledger';
import { providerOf } from '../pending/matching';
import { failureText } from '../session/api-failure';
import type { ProfileRef } from '../session/ports';
import type { CheckoutLinks } from './checkout-links';
import { createOrder } from './create';
import type { Timers } from '../timers';
import { OrderFollower } from './follow';
import { BuyOptionsBook } from './options';
import { newestFirst } from '../transfers/movements';
import { matchDeposit, toOrderView } from './orders';
import { BuyQuoteBook } from './quotes';

/** How many of the newest incoming transactions are searched for completed orders' deposits. */
const DEPOSIT_SEARCH_LIMIT = 100;

export type BuyOrdersApi = Pick<TreasuryApi, 'buyCryptoOrders' | 'recentTransactions'>;
export type BuyCryptoApi = BuyOrdersApi & Pick<TreasuryApi, 'buyCryptoProviders' | 'buyCryptoRate' | 'createBuyCryptoOrder' | 'withPriority'>;

export interface BuyCryptoDeps {
  api: BuyCryptoApi;
  ledger: PendingLedger;
  profile: ProfileRef;
  currencies(): Promise<Currency[]>;
  links: CheckoutLinks;
  notices: { orderUpdated(order: BuyOrderView, arrived: boolean): void };
  /** The follow-up reads; defaults to the api at background priority. */
  background?: BuyOrdersApi;
  /** Local clock for the quotes' age (tests may replace it). */
  now?: () => number;
  followBackoffMs?: readonly number[];
  followTimers?: Timers;
}

const CHECKING = 'It is being checked; do not repeat it.';

export class BuyCryptoService {
  private readonly options: BuyOptionsBook;
  private readonly quotes: BuyQuoteBook;
  private readonly follower: OrderFollower;
  /** Deposits found, by order key; a transaction delivers one order only. */
  private readonly deposits = new Map<string, BuyDeposit>();
  /** Completed orders already looked for once: looked for again only while the follower awaits them. */
  private readonly searched = new Set<string>();
  private readonly stopSettled: () => void;

  constructor(private readonly deps: BuyCryptoDeps) {
    const now = deps.now ?? Date.now;
    this.options = new BuyOptionsBook({ api: deps.api, currencies: deps.currencies, now });
    this.quotes = new BuyQuoteBook({ api: deps.api, options: this.options, now });
    // Made on the first follow-up read: most scopes never follow an order.
    let background: BuyOrdersApi | undefined = deps.background;
    this.follower = new OrderFollower({
      read: async (providers) => {
        background ??= deps.api.withPriority('background');
        const { orders, unreadable } = await this.read(background, providers);
        if (orders.length === 0 && unreadable.length > 0) throw new Error(unreadable[0]?.reason);
        return orders;
      },
      announce: (order, arrived) => deps.notices.orderUpdated(order, arrived),
      backoffMs: deps.followBackoffMs,
      timers: deps.followTimers,
    });
    // An order whose answer was lost is followed once the ledger finds it in the provider's list.
    this.stopSettled = deps.ledger.onSettled((move) => {
      if (move.kind === 'buyCryptoOrder' && move.state === 'found') this.follower.expect(providerOf(move.destination));
    });
  }

  async listOptions(): Promise<BuyOptions> {
    return (await this.options.current()).options;
  }

  quote(request: BuyQuoteRequest): Promise<BuyQuoteBoard> {
    return this.quotes.quote(request);
  }

  async create(input: BuyOrderInput): Promise<BuyOrderResult> {
    const { sent, method, network, expectedReceive } = await createOrder(
      { api: this.deps.api, ledger: this.deps.ledger, profile: this.deps.profile, options: this.options, quotes: this.quotes, now: this.deps.now ?? Date.now },
      input,
    );
    const settled = sent.result;
    if (settled.status !== 'done') return { state: 'uncertain', reason: `${settled.reason}. ${CHECKING}`, moveId: sent.move.id };
    const order = settled.value;
    this.deps.links.register(order.checkoutUrl);
    const view = toOrderView(
      { ...order, targetAmount: order.targetAmount ?? expectedReceive, targetNetworkCode: order.targetNetworkCode ?? network, paymentMethodId: order.paymentMethodId ?? method.methodId },
      method.providerId,
      { providerName: method.providerName, methodName: method.methodName },
    );
    this.follower.track(view);
    return { state: 'done', order: view };
  }

  /** Every provider's orders (one read each), newest first; a provider that cannot be read is listed apart. */
  async listOrders(): Promise<BuyOrderList> {
    await this.options.current();
    const list = await this.read(this.deps.api, this.options.providerIds());
    this.follower.observe(list.orders);
    return list;
  }

  /** A buy-crypto deposit on the wallet stream may finish an order: look now. */
  onServiceTransaction(tx: Transaction): void {
    if (tx.type === 'DEPOSIT' && tx.subtype === 'BUY_CRYPTO') this.follower.nudge();
  }

  close(): void {
    this.stopSettled();
    this.follower.close();
  }

  private async read(api: BuyOrdersApi, providerIds: readonly string[]): Promise<BuyOrderList> {
    const read = await Promise.allSettled(providerIds.map((id) => api.buyCryptoOrders(id)));
    const unreadable: BuyOrderList['unreadable'] = [];
    const orders: BuyOrderView[] = [];
    read.forEach((result, i) => {
      const providerId = providerIds[i] ?? '';
      if (result.status === 'rejected') {
        unreadable.push({ providerName: this.options.providerName(providerId), reason: failureText(result.reason) });
        return;
      }
      for (const order of result.value) orders.push(this.view(order, providerId));
    });
    await this.findDeposits(api, orders);
    return { orders: orders.map((o) => ({ ...o, deposit: o.status === 'completed' ? (this.deposits.get(buyOrderKey(o)) ?? null) : null })).sort(newestFirst), unreadable, asOf: new Date().toISOString() };
  }

  private view(order: BuyCryptoOrder, providerId: string): BuyOrderView {
    this.deps.links.register(order.checkoutUrl);
    const id = order.providerId || providerId;
    return toOrderView(order, id, { providerName: this.options.providerName(id), methodName: this.options.methodName(id, order.paymentMethodId) });
  }

  /** Completed orders without their deposit yet: one read of the newest incoming transactions in their currencies. */
  private async findDeposits(api: BuyOrdersApi, orders: readonly BuyOrderView[]): Promise<void> {
    // Oldest first: of two alike orders, the older one's deposit came first.
    const missing = orders
      .filter((o) => o.status === 'completed' && !this.deposits.has(buyOrderKey(o)) && (!this.searched.has(buyOrderKey(o)) || this.follower.awaitsDeposit(o)))
      .sort(newestFirst)
      .reverse();
    if (missing.length === 0) return;
    let transactions: Transaction[];
    try {
      const currencies = [...new Set(missing.map((o) => o.target))];
      transactions = await api.recentTransactions({ types: ['DEPOSIT'], currencies }, DEPOSIT_SEARCH_LIMIT);
    } catch {
      return; // looked for again at the next read
    }
    const taken = new Set([...this.deposits.values()].map((d) => d.transactionId));
    for (const order of missing) {
      this.searched.add(buyOrderKey(order));
      const deposit = matchDeposit(order, transactions, taken);
      if (deposit === null) continue;
      this.deposits.set(buyOrderKey(order), deposit);
      taken.add(deposit.transactionId);
    }
  }
}
