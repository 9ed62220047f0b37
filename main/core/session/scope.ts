// Everything that acts for one profile, built once in one place: its client, the audit log it
// writes to, its ledger of money moves, its wallet and withdrawal services and their streams.
// Closing the scope stops them all: switching profiles closes the old profile's streams and
// follow-up work (its ledger's reconciler too) before the new profile's start.
import type { Events } from '../../../preload/contract';
import type { AuditLog } from '../audit/audit-log';
import { CheckoutLinks } from '../buycrypto/checkout-links';
import { BuyCryptoService } from '../buycrypto/service';
import { openHistoryService, type HistoryService, type HistoryServiceDeps } from '../history/service';
import { MarketService } from '../market/service';
import { OrdersService } from '../orders/service';
import { PendingLedger } from '../pending/ledger';
import type { PortfolioService } from '../portfolio/port';
import { openPortfolioService } from '../portfolio/service';
import type { PendingStore } from '../pending/store';
import { SubAccountsService } from '../subaccounts/service';
import { TransfersService } from '../transfers/service';
import { WalletService } from '../wallet/service';
import { WithdrawalsService } from '../withdrawals/service';
import type { WithdrawalStore } from '../withdrawals/store';
import { realTimers } from '../timers';
import type { TeamDesk } from '../../team/team-desk';
import { withTeam } from '../withdrawals/team-steps';
import { liveFeedsFrom } from './live-feeds';
import { holdUntilBalances } from './start-hold';
import type { FeedListeners, LiveFeeds, ProfileRef, ProfileSession } from './ports';

type ProfileEventName = {
  [E in keyof Events]: Events[E] extends { profileId: string } ? E : never;
}[keyof Events];

export interface ScopeEmitter {
  emit<E extends keyof Events>(event: E, payload: Events[E]): void;
}

/** What every scope shares: the app's stores and event bus, and how often follow-up work runs. */
export interface ScopeDeps {
  audit: AuditLog;
  /** Withdrawals this desktop prepared or saw (withdrawals.db). */
  store: WithdrawalStore;
  /** The ledger of money moves (coffer.db). */
  pending: PendingStore;
  events: ScopeEmitter;
  osUser: string;
  /** How often the ledger looks at its open moves. */
  reconcilePollMs?: number;
  deadlineCheckMs?: number;
  /** The checkout pages the link policy admits; every scope registers what the service gave it. */
  checkoutLinks?: CheckoutLinks;
  /** The pauses between follow-up reads of open buy orders (tests shorten them). */
  buyFollowBackoffMs?: readonly number[];
  /** Where each profile's history store lives (<dataDir>/history/); without it no history is kept or synced. */
  dataDir?: string;
  nativeBinding?: string;
  /** The history sync's pauses after a failure and between catch-up passes (tests shorten them). */
  historySync?: HistoryServiceDeps['sync'];
  /**
   * When set, the history's catch-up passes wait until shortly after the wallet's balances were
   * first read, or this many ms after the scope opened when they are not: the first pass of a new
   * profile reads thousands of records on the thread and from the service the first balances come
   * from. Unset, the first pass starts with the scope.
   */
  historyHoldMs?: number;
  /** This desk's team, when it has joined one: withdrawals of the profile it governs pass its gate. */
  team?: TeamDesk;
}

export interface ProfileScope {
  readonly profile: ProfileRef;
  readonly api: ProfileSession['api'];
  readonly audit: AuditLog;
  readonly ledger: PendingLedger;
  readonly wallet: WalletService;
  readonly withdrawals: WithdrawalsService;
  readonly transfers: TransfersService;
  readonly subAccounts: SubAccountsService;
  readonly buyCrypto: BuyCryptoService;
  /**
   * The transaction history: its store's file (history.databasePath, which the exporter opens
   * read-only) and query engine (history.query); null when the scope has no data directory or
   * the store could not be opened.
   */
  readonly history: HistoryService | null;
  /** The net worth by day, today's allocation and a day's balances (without history: today only). */
  readonly portfolio: PortfolioService;
  /** The spot symbols and the one symbol whose candles are followed. */
  readonly market: MarketService;
  /** The spot orders: followed live from the trading stream, cancelled, previewed and placed. */
  readonly orders: OrdersService;
}

export interface OpenScope {
  scope: ProfileScope;
  close(): void;
}

export function openScope(session: ProfileSession, deps: ScopeDeps): OpenScope {
  const { profile, api } = session;
  const profileId = profile.id;
  const emit = <E extends ProfileEventName>(event: E, payload: Omit<Events[E], 'profileId'>) =>
    deps.events.emit(event, { profileId, ...payload } as Events[E]);

  // A change of either setting gives a new client and so a new scope: reading them once is enough.
  const ledger = new PendingLedger({
    store: deps.pending, api, audit: deps.audit, profile, pollMs: deps.reconcilePollMs,
    sharedAccount: profile.sharedAccount === true, requestsExpire: (profile.authMethod ?? 'HS256') === 'HS256',
    notices: { updated: (move) => emit('pendingMoveUpdated', { move }) },
    teamClaims: () => deps.team?.claimsFor(profileId) ?? null,
  });
  // Asked at each use: the desk may join or leave its team while this scope is open.
  const teamGate = () => deps.team?.gateFor(profileId, (currencies, valuation) => wallet.rates(currencies, valuation)) ?? null;
  const withdrawals = new WithdrawalsService({
    api, store: deps.store, ledger, profile, osUser: deps.osUser,
    notices: {
      updated: (withdrawal) => emit('withdrawalUpdated', { withdrawal: withTeam(teamGate(), withdrawal) }),
      deadlineSoon: (withdrawal, minutesLeft) => emit('withdrawalDeadlineSoon', { withdrawal: withTeam(teamGate(), withdrawal), minutesLeft }),
    },
    deadlineCheckMs: deps.deadlineCheckMs,
    team: teamGate,
  });
  const wallet = new WalletService({
    api, ledger, profile, currencies: () => withdrawals.currencies(),
    notices: {
      balances: (balances) => emit('walletBalances', { balances }),
      live: (live, detail) => emit('walletLive', detail === undefined ? { live } : { live, detail }),
      // The page's own read of the balances is the day's snapshot: no request of its own at startup.
      loaded: (balances) => {
        portfolio.masterBalancesRead(balances);
        historyHold.balancesRead();
      },
    },
  });

  const transfers = new TransfersService({
    api, ledger, profile, currencies: () => withdrawals.currencies(),
    notices: {
      quote: (quote) => emit('conversionQuote', { quote }),
      movement: (movement) => emit('movementRecorded', { movement }),
    },
  });

  const subAccounts = new SubAccountsService({
    api, audit: deps.audit, ledger, moves: deps.pending, profile, currencies: () => withdrawals.currencies(),
    rates: (currencies, valuation) => wallet.rates(currencies, valuation),
    notices: {
      totals: (totals, loaded, total) => emit('subAccountTotals', { totals, loaded, total }),
      sweepStep: (step) => emit('sweepStep', { step }),
    },
  });

  const buyCrypto = new BuyCryptoService({
    api, ledger, profile, currencies: () => withdrawals.currencies(),
    links: deps.checkoutLinks ?? new CheckoutLinks(),
    notices: { orderUpdated: (order, arrived) => emit('buyOrderUpdated', { order, arrived }) },
    followBackoffMs: deps.buyFollowBackoffMs,
  });

  const orders = new OrdersService({
    api, audit: deps.audit, ledger, profile, currencies: () => withdrawals.currencies(),
    conversionQuote: (pair) => transfers.quotes.quote(pair),
    notices: { changed: (snapshot) => emit('ordersChanged', { snapshot }) },
  });

  const market = new MarketService({
    api, notices: { candles: (symbol, period, candles) => emit('marketCandles', { symbol, period, candles }) },
  });

  const history = deps.dataDir === undefined ? null : openHistoryService({
    dataDir: deps.dataDir, nativeBinding: deps.nativeBinding, profileId, api: api.withPriority('background'),
    currencies: () => withdrawals.currencies(), links: deps.checkoutLinks ?? new CheckoutLinks(), sync: deps.historySync,
    notices: {
      progress: (status) => emit('historySyncProgress', { status }),
      changed: (count) => {
        emit('historyChanged', { count });
        portfolio.historyChanged();
      },
    },
  });

  const portfolio = openPortfolioService({
    databasePath: history?.databasePath ?? null, nativeBinding: deps.nativeBinding, history, api,
    currencies: () => withdrawals.currencies(), rates: (currencies, valuation) => wallet.rates(currencies, valuation),
    priceApi: api, backgroundBalances: () => api.withPriority('background').balances(),
    changed: (reason) => emit('portfolioChanged', { reason }), timers: realTimers,
  });

  const historyHold = holdUntilBalances(deps.historyHoldMs, () => history?.start(), realTimers);
  // A trade on the stream is read into the history from the trade list (ids, fees), not from the report.
  const stopTradeReports = orders.onTradeReported(() => history?.tradesReported());
  withdrawals.start();
  ledger.start();
  wallet.startLive(
    resyncWhenLive(withOrders(session.feeds ?? feedsOf(api), (signal) => orders.feed(signal)), () => {
      withdrawals.resync();
      // While held, the pass to come reads what the stream may have missed anyway.
      if (!historyHold.holding()) history?.resync();
    }),
    (tx) => {
      withdrawals.onServiceTransaction(tx);
      transfers.onServiceTransaction(tx);
      buyCrypto.onServiceTransaction(tx);
      history?.onServiceTransaction(tx);
    },
    (stream, state, detail) => emit('connectionState', detail === undefined ? { stream, state } : { stream, state, detail }),
  );

  return {
    scope: { profile, api, audit: deps.audit, ledger, wallet, withdrawals, transfers, subAccounts, buyCrypto, history, portfolio, market, orders },
    close() {
      stopTradeReports();
      orders.close();
      historyHold.cancel();
      portfolio.close();
      market.close();
      history?.close();
      buyCrypto.close();
      subAccounts.close();
      transfers.close();
      wallet.close();
      withdrawals.close();
      ledger.close();
    },
  };
}

/** The trading stream's order reports go to the orders service too. */
function withOrders(feeds: LiveFeeds, orders: NonNullable<FeedListeners['orders']>): LiveFeeds {
  return (listeners) => feeds({ ...listeners, orders });
}

/** Each time the transaction feed comes (back) up, what it may have missed is read again. */
function resyncWhenLive(feeds: LiveFeeds, resync: () => void): LiveFeeds {
  return (listeners) =>
    feeds({
      ...listeners,
      feedState: (feed, live, detail) => {
        listeners.feedState(feed, live, detail);
        if (feed === 'transactions' && live) resync();
      },
    });
}

function feedsOf(api: ProfileSession['api']): LiveFeeds {
  return liveFeedsFrom({ walletStream: () => api.walletStream(), tradingStream: () => api.tradingStream() });
}
