// Every TreasuryApi call once through the version 2 adapter against the sandbox over loopback:
// typed, decimal, domain records in the domain's words. The table must name every call the
// adapter has, so a call added later without a test here fails the last case.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import { clientForV2, collect, startFixture, v3ClientFor, type Fixture } from './v2-fixture';

let fixture: Fixture;
let api: TreasuryApi;
let v3: TreasuryApi;
const COLD_STORAGE = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_ADDRESS = '0x742d35cc6634c0532925a3b844bc454e4438f44e';

/** What earlier cases found, for the later ones. */
const found: { withdrawalId?: string; rollbackId?: string; subId?: string; providerId?: string; paymentMethodId?: string; orderId?: string; firstTxId?: string } = {};

/** Requests the version 2 client sent, to show a call that sends none. */
let requests = 0;
const fixtureRequests = () => requests;
const statuses: number[] = [];

beforeAll(async () => {
  fixture = await startFixture();
  api = clientForV2(fixture, {
    onExchange: (event) => {
      requests += 1;
      if (event.status !== null) statuses.push(event.status);
    },
  }).api;
  v3 = v3ClientFor(fixture);
});
afterAll(async () => {
  api.close();
  v3.close();
  await fixture.close();
});

const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`an earlier case did not find ${what}`);
  return value;
};
const isDecimal = (value: unknown) => Decimal.isDecimal(value);

type Case = [keyof TreasuryApi, () => Promise<void>];

const CASES: Case[] = [
  ['serviceNow', async () => {
    await api.currencies();
    expect(Math.abs(api.serviceNow() - Date.now())).toBeLessThan(5_000);
  }],
  ['withPriority', async () => {
    const background = api.withPriority('background');
    expect((await background.walletBalances()).length).toBeGreaterThan(0);
  }],
  ['currencies', async () => {
    const btc = (await api.currencies()).find((currency) => currency.code === 'BTC');
    expect(btc?.crypto).toBe(true);
    expect(btc?.networks[0]?.isDefault).toBe(true);
    expect(isDecimal(btc?.networks[0]?.payoutFee)).toBe(true);
    expect(btc?.precisionTransfer?.lt(1)).toBe(true);
  }],
  ['symbols', async () => {
    const btcUsdt = (await api.symbols()).find((symbol) => symbol.id === 'BTCUSDT');
    expect(btcUsdt).toEqual({ id: 'BTCUSDT', base: 'BTC', quote: 'USDT', feeCurrency: 'USDT' });
  }],
  ['candles', async () => {
    const candles = await api.candles('BTCUSDT', { period: 'H1', limit: 5 });
    expect(candles.length).toBeGreaterThan(0);
    expect(candles.length).toBeLessThanOrEqual(5);
    const times = candles.map((candle) => Date.parse(candle.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(candles.every((candle) => candle.high.gte(candle.low) && isDecimal(candle.volumeQuote))).toBe(true);
  }],
  ['priceRates', async () => {
    const rates = await api.priceRates(['BTC', 'ETH', 'USDT'], 'USDT');
    expect(rates.map((rate) => rate.currency)).toEqual(['BTC', 'ETH', 'USDT']);
    expect(rates.every((rate) => rate.quote === 'USDT' && rate.price.gt(0))).toBe(true);
    expect(rates[2]?.price.toFixed()).toBe('1');
    const [v3Btc] = await v3.priceRates(['BTC'], 'USDT');
    // Derived from the ticker (mid of bid and ask) rather than read: within a percent of version 3's rate.
    expect(rates[0]?.price.div(need(v3Btc, 'a v3 rate').price).minus(1).abs().lt(0.01)).toBe(true);
    // A cross through USDT divides: kept to the 15 significant digits version 3's rates carry.
    const [eurInBtc] = await api.priceRates(['EUR'], 'BTC');
    expect(need(eurInBtc, 'a cross rate').price.precision(true)).toBeLessThanOrEqual(15);
  }],
  ['priceHistory', async () => {
    const [btc] = await api.priceHistory({ from: ['BTC'], to: 'USDT', period: 'D1', limit: 7, sort: 'ASC' });
    expect(btc?.quote).toBe('USDT');
    const times = btc?.points.map((point) => Date.parse(point.timestamp)) ?? [];
    expect(times.length).toBeGreaterThan(0);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(btc?.points.every((point) => point.max.gte(point.min) && point.close.gt(0))).toBe(true);
  }],
  ['balances', async () => {
    const { wallet, spot } = await api.balances();
    expect(wallet.find((balance) => balance.currency === 'BTC')?.available.gt(0)).toBe(true);
    expect(Array.isArray(spot)).toBe(true);
  }],
  ['walletBalances', async () => {
    expect((await api.walletBalances()).every((balance) => isDecimal(balance.available) && isDecimal(balance.reserved))).toBe(true);
  }],
  ['spotBalances', async () => {
    expect((await api.spotBalances()).every((balance) => isDecimal(balance.available))).toBe(true);
  }],
  ['createDepositAddress', async () => {
    const created = await api.createDepositAddress('ETH');
    expect(created.address).toMatch(/^0x/);
    expect(created.currency).toBe('ETH');
  }],
  ['depositAddresses', async () => {
    const [current] = await api.depositAddresses('ETH');
    expect(current?.address).toMatch(/^0x/);
  }],
  ['recentDepositAddresses', async () => {
    const created = await api.createDepositAddress('ETH');
    const recent = (await api.recentDepositAddresses('ETH')).map((address) => address.address);
    expect(recent).toContain(created.address);
    expect(recent.length).toBeLessThanOrEqual(10);
  }],
  ['isOwnAddress', async () => {
    const [current] = await api.depositAddresses('ETH');
    expect(await api.isOwnAddress(need(current, 'an address').address)).toBe(true);
    expect(await api.isOwnAddress(COLD_STORAGE)).toBe(false);
  }],
  ['whitelistedAddresses', async () => {
    // Version 2 has no white-list endpoint: no list, and nothing sent for it.
    const before = fixtureRequests();
    expect(await api.whitelistedAddresses()).toEqual([]);
    expect(fixtureRequests()).toBe(before);
  }],
  ['estimateFee', async () => {
    const fee = await api.estimateFee({ currency: 'BTC', amount: new Decimal('0.001') });
    expect(fee.fee.gt(0)).toBe(true);
    expect(fee.currency).toBe('BTC');
  }],
  ['estimateFees', async () => {
    const fees = await api.estimateFees([{ currency: 'BTC', amount: new Decimal('0.001') }, { currency: 'ETH', amount: new Decimal('0.5') }]);
    expect(fees.map((fee) => fee.currency)).toEqual(['BTC', 'ETH']);
    const single = await api.estimateFee({ currency: 'BTC', amount: new Decimal('0.001') });
    expect(fees[0]?.fee.equals(single.fee)).toBe(true);
  }],
  ['prepareWithdrawal', async () => {
    const prepared = await api.prepareWithdrawal({ currency: 'BTC', amount: new Decimal('0.001'), address: COLD_STORAGE });
    if (prepared.status !== 'done') throw new Error(`withdrawal uncertain: ${prepared.reason}`);
    found.withdrawalId = prepared.value.id;
    const created = await api.transaction(prepared.value.id);
    expect([created.status, created.type, created.subtype]).toEqual(['CREATED', 'WITHDRAW', 'BLOCKCHAIN']);
    expect(created.amount.toFixed()).toBe('0.001');
  }],
  ['commitWithdrawal', async () => {
    const id = need(found.withdrawalId, 'a withdrawal');
    expect(await api.commitWithdrawal(id)).toBe(true);
    expect(await api.commitWithdrawal(id)).toBe(true);
    expect((await api.transaction(id)).status).toBe('PENDING');
  }],
  ['recentWithdrawalAddresses', async () => {
    expect((await api.recentWithdrawalAddresses('BTC')).map((address) => address.address)).toContain(COLD_STORAGE);
  }],
  ['rollbackWithdrawal', async () => {
    const prepared = await api.prepareWithdrawal({ currency: 'ETH', amount: new Decimal('0.5'), address: ETH_ADDRESS });
    if (prepared.status !== 'done') throw new Error('withdrawal uncertain');
    found.rollbackId = prepared.value.id;
    expect(await api.rollbackWithdrawal(prepared.value.id)).toBe(true);
    expect(await api.rollbackWithdrawal(prepared.value.id)).toBe(true);
    expect((await api.transaction(prepared.value.id)).status).toBe('ROLLED_BACK');
  }],
  ['transfer', async () => {
    const there = await api.transfer({ currency: 'USDT', amount: new Decimal('25'), source: 'wallet', destination: 'spot' });
    if (there.status !== 'done') throw new Error('transfer uncertain');
    const [id] = there.value;
    const record = await api.transaction(need(id, 'a transfer id'));
    expect([record.type, record.subtype, record.amount.toFixed()]).toEqual(['TRANSFER', 'WALLET_TO_SPOT', '25']);
    const back = await api.transfer({ currency: 'USDT', amount: new Decimal('5'), source: 'spot', destination: 'wallet' });
    if (back.status !== 'done') throw new Error('transfer uncertain');
    expect((await api.transaction(need(back.value[0], 'a transfer id'))).subtype).toBe('SPOT_TO_WALLET');
  }],
  ['convert', async () => {
    const converted = await api.convert({ fromCurrency: 'USDT', toCurrency: 'BTC', amount: new Decimal('100') });
    if (converted.status !== 'done') throw new Error('conversion uncertain');
    expect(converted.value.length).toBeGreaterThan(0);
    const legs = await Promise.all(converted.value.map((id) => api.transaction(id)));
    expect(legs.every((leg) => leg.type === 'SWAP')).toBe(true);
    expect(legs.map((leg) => leg.currency).sort()).toEqual(['BTC', 'USDT']);
  }],
  ['internalWithdraw', async () => {
    const sent = await api.internalWithdraw({ currency: 'USDT', amount: new Decimal('3'), by: 'email', identifier: 'sub-alpha@sandbox.test' });
    if (sent.status !== 'done') throw new Error('internal withdrawal uncertain');
    const record = await api.transaction(sent.value);
    expect([record.type, record.subtype, record.amount.abs().toFixed()]).toEqual(['WITHDRAW', 'OFFCHAIN', '3']);
  }],
  ['transaction', async () => {
    const record = await api.transaction(need(found.withdrawalId, 'a withdrawal'));
    expect(record.id).toBe(found.withdrawalId);
    expect(record.txId).toBe(found.withdrawalId);
    expect(record.address).toBe(COLD_STORAGE);
  }],
  ['transactions', async () => {
    const all = await collect(api.transactions());
    const ids = all.map((tx) => tx.id);
    expect(new Set(ids).size).toBe(ids.length);
    const created = all.map((tx) => Date.parse(tx.createdAt));
    expect(created).toEqual([...created].sort((a, b) => a - b));
    found.firstTxId = ids[0];
    const transfers = await collect(api.transactions({ from: new Date(Date.now() - 120_000).toISOString(), types: ['TRANSFER'] }));
    expect(transfers.length).toBeGreaterThanOrEqual(2);
    expect(transfers.every((tx) => tx.type === 'TRANSFER')).toBe(true);
  }],
  ['recentTransactions', async () => {
    const recent = await api.recentTransactions({ types: ['WITHDRAW'], currencies: ['BTC'] }, 3);
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThanOrEqual(3);
    expect(recent.every((tx) => tx.type === 'WITHDRAW' && tx.currency === 'BTC')).toBe(true);
    const times = recent.map((tx) => Date.parse(tx.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  }],
  ['newestTransactionId', async () => {
    const cursor = await api.newestTransactionId();
    expect(cursor).toMatch(/^\d+$/);
    // A record made after the cursor was taken is read from it (index ≥ cursor + 1); nothing older is.
    const moved = await api.transfer({ currency: 'USDT', amount: new Decimal('1'), source: 'wallet', destination: 'spot' });
    if (moved.status !== 'done') throw new Error('transfer uncertain');
    const after = await collect(api.transactions({ idFrom: (BigInt(need(cursor ?? undefined, 'a cursor')) + 1n).toString() }));
    expect(after.map((tx) => tx.id)).toEqual(moved.value);
  }],
  ['lastUpdatedTransaction', async () => {
    const last = await api.lastUpdatedTransaction();
    const newest = (await collect(api.transactions())).reduce((a, b) => (Date.parse(b.updatedAt) >= Date.parse(a.updatedAt) ? b : a));
    expect(last?.updatedAt).toBe(newest.updatedAt);
  }],
  ['transactionsAfterId', async () => {
    const all = await collect(api.transactionsAfterId(undefined));
    expect(new Set(all.map((tx) => tx.id)).size).toBe(all.length);
    const updated = all.map((tx) => Date.parse(tx.updatedAt));
    expect(updated).toEqual([...updated].sort((a, b) => a - b));
    const middle = need(all[Math.floor(all.length / 2)], 'a record');
    const rest = await collect(api.transactionsAfterId(middle.id));
    expect(rest.map((tx) => tx.id)).not.toContain(middle.id);
    // From the first record updated since the stored one was created (its own index may have moved on).
    expect(new Set(rest.map((tx) => tx.id))).toEqual(new Set(all.filter((tx) => tx.updatedAt >= middle.createdAt && tx.id !== middle.id).map((tx) => tx.id)));
  }],
  ['transactionsUpdatedSince', async () => {
    const all = await collect(api.transactionsAfterId(undefined));
    const since = need(all[all.length - 3], 'a record').updatedAt;
    const changed = await collect(api.transactionsUpdatedSince(since));
    expect(changed.map((tx) => tx.id)).toEqual(all.filter((tx) => tx.updatedAt >= since).map((tx) => tx.id));
  }],
  ['subAccounts', async () => {
    const alpha = (await api.subAccounts()).find((sub) => sub.email === 'sub-alpha@sandbox.test');
    expect(alpha?.status).toBe('active');
    expect(alpha?.id).toMatch(/^\d+$/);
    found.subId = alpha?.id;
  }],
  ['subAccountAcl', async () => {
    const [acl] = await api.subAccountAcl([need(found.subId, 'a sub-account')]);
    expect(acl?.subAccountId).toBe(found.subId);
    expect(typeof acl?.withdrawEnabled).toBe('boolean');
  }],
  ['setSubAccountAcl', async () => {
    const id = need(found.subId, 'a sub-account');
    const [updated] = await api.setSubAccountAcl([id], { withdrawEnabled: true, description: 'tested' });
    expect([updated?.withdrawEnabled, updated?.description]).toEqual([true, 'tested']);
    // Only the description asked: the withdrawal setting keeps its value.
    const [described] = await api.setSubAccountAcl([id], { description: 'again' });
    expect([described?.withdrawEnabled, described?.description]).toEqual([true, 'again']);
  }],
  ['subAccountTransfer', async () => {
    const moved = await api.subAccountTransfer({ subAccountId: need(found.subId, 'a sub-account'), currency: 'USDT', amount: new Decimal('10'), direction: 'to_sub_account' });
    if (moved.status !== 'done') throw new Error('sub-account transfer uncertain');
    expect(moved.value.length).toBeGreaterThan(0);
  }],
  ['subAccountBalances', async () => {
    const balances = await api.subAccountBalances(need(found.subId, 'a sub-account'));
    expect(balances.wallet.find((balance) => balance.currency === 'USDT')?.available.gte(10)).toBe(true);
    expect(Array.isArray(balances.spot)).toBe(true);
  }],
  ['subAccountAddress', async () => {
    const address = await api.subAccountAddress(need(found.subId, 'a sub-account'), 'BTC');
    expect(address.address.length).toBeGreaterThan(10);
  }],
  ['freezeSubAccounts', async () => {
    const id = need(found.subId, 'a sub-account');
    expect(await api.freezeSubAccounts([id])).toBe(true);
    expect((await api.subAccounts()).find((sub) => sub.id === id)?.status).not.toBe('active');
  }],
  ['activateSubAccounts', async () => {
    const id = need(found.subId, 'a sub-account');
    expect(await api.activateSubAccounts([id])).toBe(true);
    expect((await api.subAccounts()).find((sub) => sub.id === id)?.status).toBe('active');
  }],
  ['buyCryptoProviders', async () => {
    const [provider] = await api.buyCryptoProviders('EUR', 'BTC');
    expect(provider?.methods[0]?.sources).toContain('EUR');
    found.providerId = provider?.id;
  }],
  ['buyCryptoRate', async () => {
    const rate = await api.buyCryptoRate({ providerId: need(found.providerId, 'a provider'), source: 'EUR', target: 'BTC', sourceAmount: new Decimal('100') });
    const quote = need(rate.prices[0], 'a quote');
    expect(quote.targetAmount.gt(0)).toBe(true);
    expect(quote.sourceAmount.toFixed(2)).toBe('100.00');
    found.paymentMethodId = quote.paymentMethodId;
  }],
  ['createBuyCryptoOrder', async () => {
    const created = await api.createBuyCryptoOrder({
      providerId: need(found.providerId, 'a provider'), source: 'EUR', target: 'BTC', sourceAmount: new Decimal('100'),
      paymentMethodId: need(found.paymentMethodId, 'a payment method'),
    });
    if (created.status !== 'done') throw new Error('the order was not confirmed');
    expect(created.value.checkoutUrl).toMatch(/^http/);
    expect(created.value.sourceCode).toBe('EUR');
    found.orderId = created.value.id;
  }],
  ['buyCryptoOrders', async () => {
    expect((await api.buyCryptoOrders(need(found.providerId, 'a provider'))).map((order) => order.id)).toContain(found.orderId);
  }],
  ['probeRights', async () => {
    const probe = await api.probeRights();
    expect(probe.rights).toEqual(expect.arrayContaining(['PAY', 'WDR', 'HIST']));
    expect(probe.evidence.PAY).toContain('/api/2/');
  }],
  ['publicStream', async () => {
    const stream = api.publicStream();
    try {
      await stream.live(5_000);
    } finally {
      stream.close();
    }
  }],
  ['walletStream', async () => {
    const stream = api.walletStream();
    try {
      await stream.live(5_000);
    } finally {
      stream.close();
    }
  }],
  ['tradingStream', async () => {
    const stream = api.tradingStream();
    try {
      await stream.live(5_000);
    } finally {
      stream.close();
    }
  }],
  ['spotSymbols', async () => {
    const btc = (await api.spotSymbols()).find((symbol) => symbol.id === 'BTCUSDT');
    expect(btc?.base).toBe('BTC');
    expect(isDecimal(btc?.tickSize)).toBe(true);
  }],
  ['spotFees', async () => {
    expect((await api.spotFees()).find((fee) => fee.symbol === 'BTCUSDT')?.takeRate.gt(0)).toBe(true);
  }],
  ['orderBook', async () => {
    const book = await api.orderBook('ETHUSDT');
    expect(book.asks[0]?.price.gt(book.bids[0]?.price ?? Infinity)).toBe(true);
  }],
  ['placeOrder', async () => {
    const book = await api.orderBook('ETHUSDT');
    const farBelow = (book.bids[0]?.price ?? new Decimal(0)).div(2).toDecimalPlaces(2);
    const placed = await api.placeOrder({ clientOrderId: 'facadev2order01', symbol: 'ETHUSDT', side: 'buy', type: 'limit', quantity: new Decimal('0.01'), price: farBelow });
    expect(placed.status).toBe('done');
    if (placed.status === 'done') expect(placed.value.status).toBe('new');
  }],
  ['activeOrders', async () => {
    expect((await api.activeOrders('ETHUSDT')).map((order) => order.clientOrderId)).toContain('facadev2order01');
  }],
  ['findOrder', async () => {
    expect((await api.findOrder('facadev2order01'))?.symbol).toBe('ETHUSDT');
    expect(await api.findOrder('facadev2absent01')).toBeNull();
  }],
  ['cancelOrder', async () => {
    expect((await api.cancelOrder('facadev2order01')).status).toBe('canceled');
  }],
  ['cancelOrders', async () => {
    expect(await api.cancelOrders('ETHUSDT')).toEqual([]);
  }],
  ['spotTradesAfterId', async () => {
    for (const clientOrderId of ['facadev2trade01', 'facadev2trade02']) {
      const placed = await api.placeOrder({ clientOrderId, symbol: 'ETHUSDT', side: 'buy', type: 'market', quantity: new Decimal('0.01') });
      expect(placed.status).toBe('done');
    }
    const trades = await collect(api.spotTradesAfterId(undefined));
    const ids = trades.map((trade) => trade.id);
    expect(ids.map(BigInt)).toEqual([...ids.map(BigInt)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // The same records as version 3's list, field for field.
    expect(trades).toEqual(await collect(v3.spotTradesAfterId(undefined)));
    const mine = trades.find((trade) => trade.clientOrderId === 'facadev2trade01');
    expect(mine).toMatchObject({ symbol: 'ETHUSDT', side: 'buy' });
    expect(mine?.quantity.eq('0.01')).toBe(true);
    expect(isDecimal(mine?.price) && isDecimal(mine?.fee)).toBe(true);
    // After an id, only what came later; a catch-up one page at a time gives the same.
    const before = need(ids.at(-2), 'two trades');
    expect((await collect(api.spotTradesAfterId(before, true))).map((trade) => trade.id)).toEqual([ids.at(-1)]);
  }],
  ['lastSpotTrade', async () => {
    const all = await collect(api.spotTradesAfterId(undefined));
    expect((await api.lastSpotTrade())?.id).toBe(all.at(-1)?.id);
  }],
  ['close', async () => {
    const own = clientForV2(fixture);
    expect((await own.api.walletBalances()).length).toBeGreaterThan(0);
    own.api.close();
  }],
];

describe('every call through version 2', () => {
  it.each(CASES)('%s', async (_name, run) => run());

  it('kept within version 2\'s limits: no call was refused for its rate', () => {
    expect(statuses.length).toBeGreaterThan(CASES.length);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
  });

  it('the table names every call of the adapter', () => {
    expect(CASES.map(([name]) => name).sort()).toEqual(Object.keys(api).sort());
  });
});
