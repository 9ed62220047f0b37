// Buying crypto through third-party providers.
import type { BuyCryptoOrder, BuyCryptoOrderRequest, BuyCryptoProvider, BuyCryptoRate, BuyCryptoRateQuery } from '../domain';
import type { Settled } from '../operations';

export interface BuyCryptoCalls {
  buyCryptoProviders(source?: string, target?: string): Promise<BuyCryptoProvider[]>;
  buyCryptoRate(query: BuyCryptoRateQuery): Promise<BuyCryptoRate>;
  buyCryptoOrders(providerId: string): Promise<BuyCryptoOrder[]>;
  /** Sent once: a lost answer comes back `uncertain`, for the app's ledger to settle. */
  createBuyCryptoOrder(request: BuyCryptoOrderRequest): Promise<Settled<BuyCryptoOrder>>;
}
