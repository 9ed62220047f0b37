// A completed order's deposit is looked for once when the order is first read; it is read for
// again only while the order is being followed, so listing old orders does not read the wallet's
// deposits every time.
import { describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import { BuyCryptoService, type BuyCryptoApi } from '../../../main/core/buycrypto/service';
import { CheckoutLinks } from '../../../main/core/buycrypto/checkout-links';
import type { Timers } from '../../../main/core/timers';
import type { BuyCryptoOrder, BuyCryptoProvider, Currency } from '../../../main/exchange/domain';
import type { PendingLedger } from '../../../main/core/pending/ledger';

const provider: BuyCryptoProvider = {
  id: '1', name: 'Sandbox Pay',
  methods: [{ id: '101', name: 'Card', type: 'card', sources: ['EUR'], targets: [{ code: 'BTC', networkCode: 'BTC' }], limits: [] }],
};

const currency = (code: string, crypto: boolean, step: string): Currency => ({
  code, fullName: code, crypto, payinEnabled: true, payoutEnabled: true, transferEnabled: true, delisted: false,
  precisionTransfer: new Decimal(step), networks: [],
});

function order(id: string, status: string): BuyCryptoOrder {
  return {
    id, providerId: '1', sourceCode: 'EUR', targetCode: 'BTC', sourceAmount: new Decimal(100), targetAmount: new Decimal('0.001'),
    targetNetworkCode: 'BTC', paymentMethodId: '101', walletAddress: 'bc1qown', checkoutUrl: undefined, status,
    createdAt: '2026-01-01T10:00:00Z', operationId: `op-${id}`,
  };
}

/** Timers that never fire on their own: the test runs the follow-up reads itself. */
function manualTimers(): Timers & { fire(): void } {
  let pending: (() => void) | null = null;
  return {
    set: (run) => ((pending = run), 1),
    clear: () => (pending = null),
    now: () => 0,
    fire: () => {
      const run = pending;
      pending = null;
      run?.();
    },
  };
}

function service(orders: () => BuyCryptoOrder[]) {
  const counts = { deposits: 0 };
  const api = {
    buyCryptoProviders: async () => [provider],
    buyCryptoOrders: async () => orders(),
    recentTransactions: async () => {
      counts.deposits += 1;
      return [];
    },
  } as unknown as BuyCryptoApi;
  const timers = manualTimers();
  const ledger = { onSettled: () => () => undefined } as unknown as PendingLedger;
  const buy = new BuyCryptoService({
    api, background: api, ledger, profile: { id: 'p', name: 'P' }, links: new CheckoutLinks(),
    currencies: async () => [currency('EUR', false, '0.01'), currency('BTC', true, '0.00000001')],
    notices: { orderUpdated: () => undefined }, followTimers: timers,
  });
  return { buy, counts, timers };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('looking for a completed order\'s deposit', () => {
  it('looks once for an order already completed when first read, not at every list', async () => {
    const { buy, counts } = service(() => [order('1', 'completed')]);
    await buy.listOrders();
    await buy.listOrders();
    await buy.listOrders();
    expect(counts.deposits).toBe(1);
    buy.close();
  });

  it('keeps looking at each follow-up read for an order seen open that completed', async () => {
    let status = 'in_progress';
    const { buy, counts, timers } = service(() => [order('2', status)]);
    await buy.listOrders();
    expect(counts.deposits).toBe(0);
    status = 'completed';
    timers.fire();
    await settle();
    timers.fire();
    await settle();
    expect(counts.deposits).toBe(2);
    buy.close();
  });
});
