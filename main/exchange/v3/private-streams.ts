// Version 3 wallet stream (transactions and balances) and trading stream (spot balance feed and
// spot order reports), both logged in with HS256 or Basic on every (re)connection.
import type { Balance, OrderFeedEvent, Transaction } from '../domain';
import { isObject, type JsonObject } from '../json';
import { StreamBase } from '../stream/base';
import { ResilientSocket } from '../stream/socket';
import type { TradingStream, WalletStream } from '../stream/streams';
import { parseSpotOrder, parseSpotOrders } from './order-records';
import { parseBalance, parseBalances, parseTransaction } from './records';
import { login, socketOptions, type StreamSettings } from './stream-settings';

type BalanceListener = (balances: Balance[], kind: 'snapshot' | 'update') => void;

export class V3WalletStream extends StreamBase implements WalletStream {
  protected readonly socket: ResilientSocket;
  private readonly transactionListeners = new Set<(transaction: Transaction) => void>();
  private readonly balanceListeners = new Set<BalanceListener>();

  constructor(private readonly settings: StreamSettings) {
    super();
    this.socket = new ResilientSocket({
      ...socketOptions(settings, 'wallet'),
      onOpen: (socket) => this.setUp(socket),
      onNotification: (message) => this.dispatch(message),
    });
    this.socket.start();
  }

  onTransaction(listener: (transaction: Transaction) => void): () => void {
    this.transactionListeners.add(listener);
    return () => this.transactionListeners.delete(listener);
  }

  onBalances(listener: BalanceListener): () => void {
    this.balanceListeners.add(listener);
    return () => this.balanceListeners.delete(listener);
  }

  private async setUp(socket: ResilientSocket): Promise<void> {
    await login(socket, this.settings);
    await socket.request('subscribe_transactions');
    await socket.request('subscribe_wallet_balances');
  }

  private dispatch(message: JsonObject): void {
    try {
      if (message.method === 'transaction_update') {
        const transaction = parseTransaction(message.params);
        for (const listener of this.transactionListeners) listener(transaction);
      } else if (message.method === 'wallet_balances') {
        this.emitBalances(parseBalances(message.params, 'wallet_balances'), 'snapshot');
      } else if (message.method === 'wallet_balance_update' && isObject(message.params)) {
        this.emitBalances([parseBalance(message.params)], 'update');
      }
    } catch (error) {
      this.settings.logger.warn('wallet stream: unreadable notification', { method: message.method, error });
    }
  }

  private emitBalances(balances: Balance[], kind: 'snapshot' | 'update'): void {
    for (const listener of this.balanceListeners) listener(balances, kind);
  }
}

export class V3TradingStream extends StreamBase implements TradingStream {
  protected readonly socket: ResilientSocket;
  private readonly listeners = new Set<(balances: Balance[]) => void>();
  private readonly orderListeners = new Set<(event: OrderFeedEvent) => void>();

  constructor(private readonly settings: StreamSettings) {
    super();
    this.socket = new ResilientSocket({
      ...socketOptions(settings, 'trading'),
      onOpen: async (socket) => {
        await login(socket, this.settings);
        await socket.request('spot_balance_subscribe', { mode: 'updates' });
        // Orders are followed on the same connection (their snapshot, spot_orders, follows). A key
        // the service refuses them to still gets its balances: the orders are then never live,
        // and the app reads them over REST instead.
        await socket.request('spot_subscribe').catch((error: unknown) => {
          this.settings.logger.warn('trading stream: spot orders not followed', { error });
        });
      },
      onNotification: (message) => this.dispatch(message),
    });
    this.socket.start();
  }

  onSpotBalances(listener: (balances: Balance[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onOrders(listener: (event: OrderFeedEvent) => void): () => void {
    this.orderListeners.add(listener);
    return () => this.orderListeners.delete(listener);
  }

  private dispatch(message: JsonObject): void {
    try {
      if (message.method === 'spot_balance') {
        const balances = parseBalances(message.params, 'spot_balance');
        for (const listener of this.listeners) listener(balances);
      } else if (message.method === 'spot_orders') {
        this.emitOrders({ kind: 'snapshot', orders: parseSpotOrders(message.params, 'spot_orders') });
      } else if (message.method === 'spot_order' && isObject(message.params)) {
        const { report_type: reportType, original_client_order_id: replaced } = message.params;
        this.emitOrders({
          kind: 'report', reportType: typeof reportType === 'string' ? reportType : 'status', order: parseSpotOrder(message.params),
          ...(typeof replaced === 'string' ? { replaced } : {}),
        });
      }
    } catch (error) {
      this.settings.logger.warn('trading stream: unreadable notification', { method: message.method, error });
    }
  }

  private emitOrders(event: OrderFeedEvent): void {
    for (const listener of this.orderListeners) listener(event);
  }
}
