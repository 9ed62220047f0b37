// Version 2 wallet stream (account location: transactions and the wallet side's balances) and
// trading stream (the spot side's balances), both logged in on every (re)connection. Version 2
// pushes no spot balances: the trading stream reads getTradingBalance when it comes up, when an
// order report arrives, and when told a transfer between the sides happened.
import type { Balance, OrderFeedEvent, Transaction } from '../domain';
import { isObject, type JsonObject } from '../json';
import { StreamBase } from '../stream/base';
import { Listeners } from '../stream/listeners';
import type { ResilientSocket } from '../stream/socket';
import type { TradingStream, WalletStream } from '../stream/streams';
import { parseBalances } from '../v3/records';
import type { StreamSettings } from '../v3/stream-settings';
import { parseOrderV2 } from './orders';
import { loginV2, openSocketV2 } from './rpc-stream-setup';
import { parseTransactionV2 } from './transactions';

/** Transfers between the wallet and spot sides (v2 bankToExchange and exchangeToBank). */
const SIDE_TRANSFERS: ReadonlySet<string> = new Set(['WALLET_TO_SPOT', 'SPOT_TO_WALLET']);

export class V2WalletStream extends StreamBase implements WalletStream {
  protected readonly socket: ResilientSocket;
  private readonly transactions = new Listeners<[Transaction]>();
  private readonly balances = new Listeners<[Balance[], 'snapshot' | 'update']>();
  /** The first `balance` after subscribing is the whole wallet side; the ones after it are changes. */
  private awaitingSnapshot = true;

  /** `onTransfer` is told of every transfer between the sides this stream reports: the spot side changed too. */
  constructor(private readonly settings: StreamSettings, private readonly onTransfer: () => void) {
    super();
    this.socket = openSocketV2(settings, 'wallet', (socket) => this.setUp(socket), (message) => this.dispatch(message));
  }

  onTransaction(listener: (transaction: Transaction) => void): () => void {
    return this.transactions.add(listener);
  }

  onBalances(listener: (balances: Balance[], kind: 'snapshot' | 'update') => void): () => void {
    return this.balances.add(listener);
  }

  private async setUp(socket: ResilientSocket): Promise<void> {
    await loginV2(socket, this.settings);
    await socket.request('subscribeTransactions', {});
    this.awaitingSnapshot = true;
    await socket.request('subscribeBalance', {});
  }

  private dispatch(message: JsonObject): void {
    try {
      if (message.method === 'updateTransaction') {
        const { transaction } = parseTransactionV2(message.params);
        this.transactions.emit(transaction);
        if (transaction.type === 'TRANSFER' && SIDE_TRANSFERS.has(transaction.subtype)) this.onTransfer();
      } else if (message.method === 'balance') {
        const kind = this.awaitingSnapshot ? 'snapshot' : 'update';
        this.awaitingSnapshot = false;
        this.balances.emit(parseBalances(message.params, 'balance'), kind);
      }
    } catch (error) {
      this.settings.logger.warn('wallet stream: unreadable notification', { method: message.method, error });
    }
  }
}

export class V2TradingStream extends StreamBase implements TradingStream {
  protected readonly socket: ResilientSocket;
  private readonly spotBalances = new Listeners<[Balance[]]>();
  private readonly orders = new Listeners<[OrderFeedEvent]>();
  /** A read asked for while one is in flight: one more read follows it, however many were asked. */
  private rereadAsked = false;
  private reading: Promise<void> | undefined;
  private readonly stopTransfers: () => void;

  /** `onTransfer` registers for the wallet stream's transfers; the stream re-reads the spot side on each. */
  constructor(private readonly settings: StreamSettings, onTransfer: (listener: () => void) => () => void) {
    super();
    const setUp = async (socket: ResilientSocket): Promise<void> => {
      await loginV2(socket, this.settings);
      await socket.request('subscribeReports', {});
      await this.readBalances();
    };
    this.socket = openSocketV2(settings, 'trading', setUp, (message) => {
      // Every order change moves the spot side's reserved or available amounts.
      if (message.method === 'activeOrders' || message.method === 'report') {
        this.reread();
        this.tellOrders(message);
      }
    });
    this.stopTransfers = onTransfer(() => this.reread());
  }

  onSpotBalances(listener: (balances: Balance[]) => void): () => void {
    return this.spotBalances.add(listener);
  }

  onOrders(listener: (event: OrderFeedEvent) => void): () => void {
    return this.orders.add(listener);
  }

  private tellOrders(message: JsonObject): void {
    try {
      if (message.method === 'activeOrders') {
        const list = Array.isArray(message.params) ? message.params : [];
        this.orders.emit({ kind: 'snapshot', orders: list.map(parseOrderV2) });
      } else {
        const params = isObject(message.params) ? message.params : {};
        const { reportType, originalRequestClientOrderId: replaced } = params;
        this.orders.emit({
          kind: 'report', reportType: typeof reportType === 'string' ? reportType : 'status', order: parseOrderV2(params),
          ...(typeof replaced === 'string' ? { replaced } : {}),
        });
      }
    } catch (error) {
      this.settings.logger.warn('trading stream: unreadable order report', { method: message.method, error });
    }
  }

  override close(): void {
    this.stopTransfers();
    super.close();
  }

  /** Reads the spot side soon; reads asked for meanwhile are joined into one. */
  private reread(): void {
    if (this.reading !== undefined) {
      this.rereadAsked = true;
      return;
    }
    this.reading = this.readBalances()
      .catch((error: unknown) => this.settings.logger.warn('trading stream: spot balances not read', { error }))
      .finally(() => {
        this.reading = undefined;
        if (!this.rereadAsked) return;
        this.rereadAsked = false;
        this.reread();
      });
  }

  private async readBalances(): Promise<void> {
    this.spotBalances.emit(parseBalances(await this.socket.request('getTradingBalance', {}), 'getTradingBalance'));
  }
}
