// The live feeds the wallet and withdrawal services listen to, taken from the client's wallet
// stream (balances, transaction_update) and trading stream (spot balances, spot order reports).
import type { TreasuryApi } from '../../exchange/treasury-api';
import type { FeedListeners, LiveFeeds } from './ports';

export function liveFeedsFrom(api: Pick<TreasuryApi, 'walletStream' | 'tradingStream'>): LiveFeeds {
  return (listeners: FeedListeners) => {
    const wallet = api.walletStream();
    const trading = api.tradingStream();
    const stops = [
      wallet.onBalances((balances, kind) => listeners.walletBalances(balances, kind)),
      wallet.onTransaction((tx) => listeners.transaction(tx)),
      trading.onSpotBalances((balances) => listeners.spotBalances(balances, 'update')),
      trading.onOrders((event) => listeners.orders?.(event)),
      wallet.onState((event) => {
        listeners.streamState?.(event.stream, event.state, event.detail);
        listeners.feedState('walletBalances', event.state === 'live', event.detail);
        listeners.feedState('transactions', event.state === 'live', event.detail);
      }),
      trading.onState((event) => {
        listeners.streamState?.(event.stream, event.state, event.detail);
        listeners.feedState('spotBalances', event.state === 'live', event.detail);
        if (event.state !== 'live') listeners.orders?.({ kind: 'down', detail: event.detail });
      }),
    ];
    return () => {
      for (const stop of stops) stop();
      wallet.close();
      trading.close();
    };
  };
}
