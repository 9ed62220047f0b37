// Every TreasuryApi call against the sandbox over loopback: typed, decimal, normalised results.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import { clientFor, collect, startFixture, type Fixture } from './sandbox-fixture';

let fixture: Fixture;
let api: TreasuryApi;
const COLD_STORAGE = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

beforeAll(async () => {
  fixture = await startFixture();
  api = clientFor(fixture).api;
});
afterAll(async () => {
  api.close();
  await fixture.close();
});

describe('public data', () => {
  it('lists currencies with networks and decimal minimums', async () => {
    const currencies = await api.currencies();
    const btc = currencies.find((currency) => currency.code === 'BTC');
    expect(btc?.crypto).toBe(true);
    expect(btc?.networks.length).toBeGreaterThan(0);
    expect(Decimal.isDecimal(btc?.networks[0]?.minWithdrawal)).toBe(true);
  });

  it('reads price rates as decimals', async () => {
    const rates = await api.priceRates(['BTC', 'ETH'], 'USDT');
    expect(rates.map((rate) => rate.currency).sort()).toEqual(['BTC', 'ETH']);
    expect(rates.every((rate) => Decimal.isDecimal(rate.price) && rate.price.gt(0) && rate.quote === 'USDT')).toBe(true);
  });

  it('reads price history points as decimals, oldest first when asked', async () => {
    const [btc] = await api.priceHistory({ from: ['BTC'], to: 'USDT', period: 'H1', limit: 24, sort: 'ASC' });
    expect(btc?.quote).toBe('USDT');
    expect(btc?.points.length).toBeGreaterThan(0);
    expect(btc?.points.length).toBeLessThanOrEqual(24);
    const times = btc?.points.map((point) => Date.parse(point.timestamp)) ?? [];
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(btc?.points.every((point) => point.max.gte(point.min) && point.close.gt(0))).toBe(true);
  });
});

describe('balances and addresses', () => {
  it('reads wallet and spot balances as decimals', async () => {
    const { wallet, spot } = await api.balances();
    expect(wallet.find((balance) => balance.currency === 'BTC')?.available.gt(0)).toBe(true);
    expect(Array.isArray(spot)).toBe(true);
    expect(wallet.every((balance) => Decimal.isDecimal(balance.available) && Decimal.isDecimal(balance.reserved))).toBe(true);
  });

  it('lists, creates and recognises deposit addresses', async () => {
    const created = await api.createDepositAddress('ETH');
    expect(created.address).toMatch(/^0x/);
    const listed = await api.depositAddresses('ETH');
    expect(listed.map((address) => address.address)).toContain(created.address);
    expect(await api.isOwnAddress(created.address)).toBe(true);
    expect(await api.isOwnAddress(COLD_STORAGE)).toBe(false);
  });

  it('lists recent deposit addresses, the old ones and the new one', async () => {
    const before = await api.depositAddresses('ETH');
    const created = await api.createDepositAddress('ETH');
    const recent = (await api.recentDepositAddresses('ETH')).map((address) => address.address);
    expect(recent).toContain(created.address);
    for (const old of before) expect(recent).toContain(old.address);
    expect(new Set(recent).size).toBe(recent.length);
    expect(recent.length).toBeLessThanOrEqual(10);
  });

  it('reads the withdrawal white-list', async () => {
    const list = await api.whitelistedAddresses();
    expect(list.some((entry) => entry.address === COLD_STORAGE)).toBe(true);
  });
});

describe('withdrawals, two-phase', () => {
  it('prepares, commits, and reports the transaction', async () => {
    const fee = await api.estimateFee({ currency: 'BTC', amount: new Decimal('0.001') });
    expect(fee.fee.gt(0)).toBe(true);
    const [bulk] = await api.estimateFees([{ currency: 'BTC', amount: new Decimal('0.001') }]);
    expect(bulk?.fee.equals(fee.fee)).toBe(true);
    const prepared = await api.prepareWithdrawal({ currency: 'BTC', amount: new Decimal('0.001'), address: COLD_STORAGE });
    if (prepared.status !== 'done') throw new Error(`withdrawal uncertain: ${prepared.reason}`);
    const created = await api.transaction(prepared.value.id);
    expect(created.status).toBe('CREATED');
    expect(created.amount.toFixed()).toBe('0.001');
    expect(await api.commitWithdrawal(prepared.value.id)).toBe(true);
    expect(await api.commitWithdrawal(prepared.value.id)).toBe(true);
    expect((await api.transaction(prepared.value.id)).status).toBe('PENDING');
    const recent = await api.recentWithdrawalAddresses('BTC');
    expect(recent.map((address) => address.address)).toContain(COLD_STORAGE);
  });

  it('prepares and rolls back', async () => {
    const prepared = await api.prepareWithdrawal({ currency: 'ETH', amount: new Decimal('0.5'), address: '0x742d35cc6634c0532925a3b844bc454e4438f44e' });
    if (prepared.status !== 'done') throw new Error('withdrawal uncertain');
    expect(await api.rollbackWithdrawal(prepared.value.id)).toBe(true);
    expect((await api.transaction(prepared.value.id)).status).toBe('ROLLED_BACK');
  });
});

describe('moving funds', () => {
  it('transfers wallet → spot and back', async () => {
    const there = await api.transfer({ currency: 'USDT', amount: new Decimal('25'), source: 'wallet', destination: 'spot' });
    expect(there.status).toBe('done');
    const spot = await api.spotBalances();
    expect(spot.find((balance) => balance.currency === 'USDT')?.available.gte(25)).toBe(true);
    const back = await api.transfer({ currency: 'USDT', amount: new Decimal('5'), source: 'spot', destination: 'wallet' });
    expect(back.status === 'done' && back.value.length).toBeGreaterThan(0);
  });

  it('converts between currencies', async () => {
    const converted = await api.convert({ fromCurrency: 'USDT', toCurrency: 'BTC', amount: new Decimal('100') });
    expect(converted.status === 'done' && converted.value.length).toBeGreaterThan(0);
  });

  it('withdraws internally to another user', async () => {
    const sent = await api.internalWithdraw({ currency: 'USDT', amount: new Decimal('3'), by: 'email', identifier: 'sub-alpha@sandbox.test' });
    expect(sent.status === 'done' && sent.value.length).toBeGreaterThan(0);
  });

  it('lists the history once each, oldest first, and filters by time', async () => {
    const all = await collect(api.transactions());
    const ids = all.map((tx) => BigInt(tx.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
    const recent = await collect(api.transactions({ from: new Date(Date.now() - 60_000).toISOString(), types: ['TRANSFER'] }));
    expect(recent.length).toBeGreaterThanOrEqual(2);
    expect(recent.every((tx) => tx.type === 'TRANSFER')).toBe(true);
  });
});

describe('sub-accounts', () => {
  it('lists, reads ACL and balances, transfers, freezes and activates', async () => {
    const subs = await api.subAccounts();
    const alpha = subs.find((sub) => sub.email === 'sub-alpha@sandbox.test');
    if (alpha === undefined) throw new Error('no sub-alpha');
    const [acl] = await api.subAccountAcl([alpha.id]);
    expect(acl?.subAccountId).toBe(alpha.id);
    const updated = await api.setSubAccountAcl([alpha.id], { withdrawEnabled: true, description: 'tested' });
    expect(updated[0]?.withdrawEnabled).toBe(true);
    const moved = await api.subAccountTransfer({ subAccountId: alpha.id, currency: 'USDT', amount: new Decimal('10'), direction: 'to_sub_account' });
    expect(moved.status).toBe('done');
    const balances = await api.subAccountBalances(alpha.id);
    expect(balances.wallet.find((balance) => balance.currency === 'USDT')?.available.gte(10)).toBe(true);
    const address = await api.subAccountAddress(alpha.id, 'BTC');
    expect(address.address.length).toBeGreaterThan(10);
    expect(await api.freezeSubAccounts([alpha.id])).toBe(true);
    expect((await api.subAccounts()).find((sub) => sub.id === alpha.id)?.status).not.toBe('active');
    expect(await api.activateSubAccounts([alpha.id])).toBe(true);
  });
});

describe('buy crypto', () => {
  it('lists providers, quotes, orders and lists orders', async () => {
    const providers = await api.buyCryptoProviders('EUR', 'BTC');
    const provider = providers[0];
    if (provider === undefined) throw new Error('no provider');
    expect(provider.methods[0]?.sources).toContain('EUR');
    const rate = await api.buyCryptoRate({ providerId: provider.id, source: 'EUR', target: 'BTC', sourceAmount: new Decimal('100') });
    const quote = rate.prices[0];
    if (quote === undefined) throw new Error('no quote');
    expect(quote.targetAmount.gt(0)).toBe(true);
    expect(quote.sourceAmount.toFixed(2)).toBe('100.00');
    const created = await api.createBuyCryptoOrder({ providerId: provider.id, source: 'EUR', target: 'BTC', sourceAmount: new Decimal('100'), paymentMethodId: quote.paymentMethodId });
    if (created.status !== 'done') throw new Error('the order was not confirmed');
    const order = created.value;
    expect(order.sourceAmount?.toFixed(2)).toBe('100.00');
    expect(order.checkoutUrl).toMatch(/^http/);
    expect(order.status).toBeTruthy();
    expect((await api.buyCryptoOrders(provider.id)).map((listed) => listed.id)).toContain(order.id);
  });
});
