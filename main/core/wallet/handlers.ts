// The wallet, withdrawal, audit and ledger operations, one handler each, in the shape dispatch
// uses: (request) => Result. The services live per active profile: switching profiles closes the
// old profile's streams and follow-up work (its ledger's reconciler too) and starts the new one's.
import type { Result } from '../../../preload/contract/result';
import type { PendingEvents, PendingOperations } from '../../../preload/contract/pending';
import type { WalletEvents, WalletOperations } from '../../../preload/contract/wallet';
import type { TreasuryApi } from '../../exchange/treasury-api';
import { currentOsUser, type AuditLog } from '../audit/audit-log';
import { createAuditHandlers } from '../audit/handlers';
import { guarded } from '../dispatch';
import type { LiveFeeds, ProfileRef, WalletApi } from '../withdrawals/ports';
import { PendingLedger } from '../pending/ledger';
import type { PendingStore } from '../pending/store';
import { WithdrawalsService } from '../withdrawals/service';
import type { WithdrawalStore } from '../withdrawals/store';
import { liveFeedsFrom } from './live-feeds';
import { WalletService } from './service';

type CoreOperations = WalletOperations & PendingOperations;
type CoreEvents = WalletEvents & PendingEvents;

export type WalletHandlers = {
  [K in keyof CoreOperations]: (request: CoreOperations[K]['request']) => Promise<Result<CoreOperations[K]['result']>>;
};

export interface WalletEmitter {
  emit<E extends keyof CoreEvents>(event: E, payload: CoreEvents[E]): void;
}

export interface WalletSession {
  profile: ProfileRef;
  /** A TreasuryApi fits; its wallet and trading streams feed the live updates. */
  api: WalletApi & Partial<Pick<TreasuryApi, 'walletStream' | 'tradingStream'>>;
  /** Live balance and transaction feeds; defaults to the API's wallet and trading streams. */
  feeds?: LiveFeeds;
}

export interface WalletHandlersDeps {
  audit: AuditLog;
  store: WithdrawalStore;
  /** The ledger of money moves (coffer.db). */
  pending: PendingStore;
  events: WalletEmitter;
  /** The active profile and its API; throws an AppFailure when no profile is active. */
  session(): Promise<WalletSession>;
  /** Receives the wallet and trading streams' connection states (the contract's connectionState event). */
  connectionState?: (event: { profileId: string; stream: string; state: 'connecting' | 'live' | 'down'; detail?: string }) => void;
  osUser?: string;
  /** How often the ledger looks at its open moves. */
  reconcilePollMs?: number;
  deadlineCheckMs?: number;
}

interface ProfileServices {
  profileId: string;
  api: WalletSession['api'];
  wallet: WalletService;
  withdrawals: WithdrawalsService;
  ledger: PendingLedger;
}

export interface WalletCore {
  handlers: WalletHandlers;
  /** Starts the active profile's services now (streams, uncertain checks, deadline watch). */
  activate(): Promise<void>;
  close(): void;
}

export function createWalletHandlers(deps: WalletHandlersDeps): WalletCore {
  const osUser = deps.osUser ?? currentOsUser();
  let current: ProfileServices | null = null;

  async function services(): Promise<ProfileServices> {
    const session = await deps.session();
    if (current?.profileId === session.profile.id && current.api === session.api) return current;
    closeCurrent();
    current = startServices(session);
    return current;
  }

  function startServices(session: WalletSession): ProfileServices {
    const profileId = session.profile.id;
    const ledger = new PendingLedger({
      store: deps.pending, api: session.api, audit: deps.audit, profile: session.profile, pollMs: deps.reconcilePollMs,
      notices: { updated: (move) => deps.events.emit('pendingMoveUpdated', { profileId, move }) },
    });
    const withdrawals = new WithdrawalsService({
      api: session.api, store: deps.store, ledger, profile: session.profile, osUser,
      notices: {
        updated: (withdrawal) => deps.events.emit('withdrawalUpdated', { profileId, withdrawal }),
        deadlineSoon: (withdrawal, minutesLeft) => deps.events.emit('withdrawalDeadlineSoon', { profileId, withdrawal, minutesLeft }),
      },
      deadlineCheckMs: deps.deadlineCheckMs,
    });
    const wallet = new WalletService({
      api: session.api, ledger, profile: session.profile, currencies: () => withdrawals.currencies(),
      notices: {
        balances: (balances) => deps.events.emit('walletBalances', { profileId, balances }),
        live: (live, detail) => deps.events.emit('walletLive', detail === undefined ? { profileId, live } : { profileId, live, detail }),
      },
    });
    withdrawals.start();
    ledger.start();
    const feeds = session.feeds ?? feedsOf(session.api);
    const forwardState = deps.connectionState;
    if (feeds !== null) {
      wallet.startLive(
        resyncWhenLive(feeds, () => withdrawals.resync()),
        (tx) => withdrawals.onServiceTransaction(tx),
        forwardState && ((stream, state, detail) => forwardState(detail === undefined ? { profileId, stream, state } : { profileId, stream, state, detail })),
      );
    }
    return { profileId, api: session.api, wallet, withdrawals, ledger };
  }

  function closeCurrent(): void {
    current?.wallet.close();
    current?.withdrawals.close();
    current?.ledger.close();
    current = null;
  }

  const withServices = <Req, Res>(run: (s: ProfileServices, request: Req) => Promise<Res>, op: string) =>
    guarded(op, async (request: Req) => run(await services(), request));

  const handlers: WalletHandlers = {
    getWalletOverview: withServices((s, r) => s.wallet.overview(r.valuationCurrency), 'getWalletOverview'),
    listWalletCurrencies: withServices((s) => s.wallet.currencyInfo(), 'listWalletCurrencies'),
    listDepositAddresses: withServices((s, r) => s.wallet.depositAddresses(r), 'listDepositAddresses'),
    createDepositAddress: withServices((s, r) => s.wallet.newDepositAddress(r), 'createDepositAddress'),
    listRecentDepositAddresses: withServices((s, r) => s.wallet.recentDepositAddresses(r), 'listRecentDepositAddresses'),
    checkOwnAddress: withServices((s, r) => s.wallet.isOwnAddress(r.address), 'checkOwnAddress'),
    transferFunds: withServices((s, r) => s.wallet.transfer(r), 'transferFunds'),
    estimateWithdrawalFee: withServices((s, r) => s.wallet.estimateFee(r), 'estimateWithdrawalFee'),
    prepareWithdrawal: withServices((s, r) => s.withdrawals.prepare(r), 'prepareWithdrawal'),
    listApprovals: withServices((s) => s.withdrawals.listApprovals(), 'listApprovals'),
    commitWithdrawal: withServices((s, r) => s.withdrawals.commit(r.id), 'commitWithdrawal'),
    rollbackWithdrawal: withServices((s, r) => s.withdrawals.rollback(r.id), 'rollbackWithdrawal'),
    ...createAuditHandlers(deps.audit, (progress) => deps.events.emit('auditVerifyProgress', progress)),
    getServiceClock: withServices(async (s) => ({ offsetMs: Math.round(s.api.serviceNow() - Date.now()) }), 'getServiceClock'),
    listPendingMoves: withServices(async (s) => s.ledger.list(), 'listPendingMoves'),
    linkPendingMove: withServices((s, r) => s.ledger.link(r.moveId, r.txId), 'linkPendingMove'),
    dismissPendingMove: withServices(async (s, r) => s.ledger.dismiss(r.moveId), 'dismissPendingMove'),
  };

  return {
    handlers,
    activate: async () => void (await services()),
    close: closeCurrent,
  };
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

function feedsOf(api: WalletSession['api']): LiveFeeds | null {
  const { walletStream, tradingStream } = api;
  if (walletStream === undefined || tradingStream === undefined) return null;
  return liveFeedsFrom({ walletStream: () => walletStream.call(api), tradingStream: () => tradingStream.call(api) });
}
