// Bad input to the version 2 client is refused before anything is sent, with an error naming
// the field; and what version 2 cannot do is refused the same way rather than sent half-right.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../main/exchange/errors';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import { clientForV2, collect, startFixture, type Fixture } from './v2-fixture';

let fixture: Fixture;
let api: TreasuryApi;
let sent = 0;
const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

beforeAll(async () => {
  fixture = await startFixture();
  api = clientForV2(fixture, { onExchange: () => { sent += 1; } }).api;
});
afterAll(async () => {
  api.close();
  await fixture.close();
});

const BAD: Array<[string, string, () => Promise<unknown>]> = [
  ['a withdrawal without an amount', 'amount', () => api.prepareWithdrawal({ currency: 'BTC', amount: new Decimal(0), address: ADDRESS })],
  ['a withdrawal without an address', 'address', () => api.prepareWithdrawal({ currency: 'BTC', amount: new Decimal(1), address: ' ' })],
  ['a withdrawal at a fee level', 'feeLevelId', () => api.prepareWithdrawal({ currency: 'BTC', amount: new Decimal(1), address: ADDRESS, feeLevelId: '2' })],
  ['a long public comment', 'publicComment', () => api.prepareWithdrawal({ currency: 'BTC', amount: new Decimal(1), address: ADDRESS, publicComment: 'x'.repeat(256) })],
  ['a fee for a bad currency', 'queries[1].currency', () => api.estimateFees([{ currency: 'BTC', amount: new Decimal(1) }, { currency: 'B T C', amount: new Decimal(1) }])],
  ['a transfer to the same side', 'destination', () => api.transfer({ currency: 'USDT', amount: new Decimal(1), source: 'spot', destination: 'spot' })],
  ['a conversion into itself', 'toCurrency', () => api.convert({ fromCurrency: 'USDT', toCurrency: 'usdt', amount: new Decimal(1) })],
  ['an internal withdrawal by external id', 'by', () => api.internalWithdraw({ currency: 'USDT', amount: new Decimal(1), by: 'external_id', identifier: 'x' })],
  ['a sub-account id that is not a number', 'subAccountId', () => api.subAccountTransfer({ subAccountId: 'abc', currency: 'USDT', amount: new Decimal(1), direction: 'to_sub_account' })],
  ['a sub-account transfer the wrong way', 'direction', () => api.subAccountTransfer({ subAccountId: '7', currency: 'USDT', amount: new Decimal(1), direction: 'sideways' as never })],
  ['no sub-accounts to freeze', 'subAccountIds', () => api.freezeSubAccounts([])],
  ['a deposit-address switch version 2 lacks', 'depositAddressGenerationEnabled', () => api.setSubAccountAcl(['7'], { depositAddressGenerationEnabled: false })],
  ['a buy order without a method', 'paymentMethodId', () => api.createBuyCryptoOrder({ providerId: '1', source: 'EUR', target: 'BTC', sourceAmount: new Decimal(100), paymentMethodId: '' })],
  ['too many recent transactions', 'limit', () => api.recentTransactions({}, 1_001)],
  ['an index cursor that is not a number', 'idFrom', () => collect(api.transactions({ idFrom: 'b7c1a0e2' }))],
  ['a time that is not one', 'from', () => collect(api.transactionsUpdatedSince('yesterday'))],
  ['a rate in no currency', 'to', () => api.priceRates(['BTC'], '')],
  ['too many candles', 'limit', () => api.candles('BTCUSDT', { limit: 5_000 })],
];

describe('refused before sending', () => {
  it.each(BAD)('%s', async (_name, field, call) => {
    const before = sent;
    // Some refuse at the call itself (a walk checks its filter before it starts), some on awaiting.
    const error = await Promise.resolve().then(call).then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('input');
    expect((error as ApiError).field).toBe(field);
    expect(sent).toBe(before);
  });

  it('passes a refusal of the service on as the service\'s error', async () => {
    const error = await api.estimateFee({ currency: 'NOPE', amount: new Decimal(1) }).then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('service');
    expect([(error as ApiError).status, (error as ApiError).code]).toEqual([400, 2002]);
    expect(sent).toBeGreaterThan(0);
  });
});
