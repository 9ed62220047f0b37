// One account seen through both versions: what the version 2 client reads and does is what a
// version 3 client of the same key sees, and a withdrawal whose answer is lost comes back
// uncertain having been sent exactly once.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Balance, Transaction } from '../../../main/exchange/domain';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import { clientForV2, collect, startFixture, v3ClientFor, type Fixture } from './v2-fixture';

let fixture: Fixture;
let v2: TreasuryApi;
let v3: TreasuryApi;
const COLD_STORAGE = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

beforeAll(async () => {
  fixture = await startFixture();
  v2 = clientForV2(fixture).api;
  v3 = v3ClientFor(fixture);
});
afterEach(async () => {
  await fixture.control('DELETE', '/sandbox/faults');
});
afterAll(async () => {
  v2.close();
  v3.close();
  await fixture.close();
});

const byCurrency = (balances: Balance[]) =>
  Object.fromEntries(balances.map((balance) => [balance.currency, `${balance.available.toFixed()}/${balance.reserved.toFixed()}`]));

/** The v3 record of a version 2 id (the record's tx_id), from the newest withdrawals. */
async function v3RecordOf(v2Id: string): Promise<Transaction | undefined> {
  return (await v3.recentTransactions({ types: ['WITHDRAW'] }, 100)).find((tx) => tx.txId === v2Id);
}

/** The subtypes version 2 can tell apart; the others (sub-account, airdrop…) it calls neither. */
const V2_SUBTYPES = new Set(['BLOCKCHAIN', 'OFFCHAIN', 'WALLET_TO_SPOT', 'SPOT_TO_WALLET', 'INSTANT_EXCHANGE', 'SUB_ACCOUNT']);

describe('one account through both versions', () => {
  it('reads the same wallet and spot balances', async () => {
    await v2.transfer({ currency: 'USDT', amount: new Decimal('12.5'), source: 'wallet', destination: 'spot' });
    const [through2, through3] = await Promise.all([v2.balances(), v3.balances()]);
    expect(Object.keys(byCurrency(through2.wallet)).length).toBeGreaterThan(0);
    expect(byCurrency(through2.wallet)).toEqual(byCurrency(through3.wallet));
    expect(byCurrency(through2.spot)).toEqual(byCurrency(through3.spot));
    expect(through2.spot.find((balance) => balance.currency === 'USDT')?.available.gte('12.5')).toBe(true);
  });

  it('prepares and commits a withdrawal that version 3 sees pending', async () => {
    const prepared = await v2.prepareWithdrawal({ currency: 'BTC', amount: new Decimal('0.00123'), address: COLD_STORAGE, publicComment: 'through v2' });
    if (prepared.status !== 'done') throw new Error(`withdrawal uncertain: ${prepared.reason}`);
    const created = await v3RecordOf(prepared.value.id);
    expect([created?.status, created?.amount.toFixed(), created?.address, created?.publicComment]).toEqual(['CREATED', '0.00123', COLD_STORAGE, 'through v2']);
    expect(await v2.commitWithdrawal(prepared.value.id)).toBe(true);
    expect((await v3RecordOf(prepared.value.id))?.status).toBe('PENDING');
  });

  it('prepares and rolls back a withdrawal that version 3 sees rolled back', async () => {
    const prepared = await v2.prepareWithdrawal({ currency: 'BTC', amount: new Decimal('0.00321'), address: COLD_STORAGE });
    if (prepared.status !== 'done') throw new Error(`withdrawal uncertain: ${prepared.reason}`);
    expect(await v2.rollbackWithdrawal(prepared.value.id)).toBe(true);
    expect((await v3RecordOf(prepared.value.id))?.status).toBe('ROLLED_BACK');
    expect((await v2.transaction(prepared.value.id)).status).toBe('ROLLED_BACK');
  });

  it('maps every record of the history to the fields version 3 gives it, where version 2 carries them', async () => {
    await v2.convert({ fromCurrency: 'USDT', toCurrency: 'BTC', amount: new Decimal('50') });
    await v2.internalWithdraw({ currency: 'USDT', amount: new Decimal('2'), by: 'email', identifier: 'sub-alpha@sandbox.test' });
    const alpha = (await v2.subAccounts()).find((sub) => sub.email === 'sub-alpha@sandbox.test');
    await v2.subAccountTransfer({ subAccountId: need(alpha?.id), currency: 'USDT', amount: new Decimal('4'), direction: 'to_sub_account' });
    const [through2, through3] = await Promise.all([collect(v2.transactions()), collect(v3.transactions())]);
    expect(through2.length).toBe(through3.length);
    const v3ByTxId = new Map(through3.map((tx) => [tx.txId, tx]));
    const seen = new Set<string>();
    for (const tx of through2) {
      const other = v3ByTxId.get(tx.id);
      if (other === undefined) throw new Error(`${tx.id} is not in the version 3 history`);
      seen.add(other.subtype);
      const expected = {
        status: other.status,
        type: other.type,
        subtype: V2_SUBTYPES.has(other.subtype) ? other.subtype : 'UNCLASSIFIED',
        amount: other.amount.toFixed(), fee: (other.fee ?? new Decimal(0)).toFixed(),
        currency: other.currency, address: other.address, hash: other.hash, paymentId: other.paymentId,
        createdAt: other.createdAt, updatedAt: other.updatedAt, confirmations: other.confirmations,
        publicComment: other.publicComment, offchainId: other.offchainId, networkCode: other.networkCode,
      };
      if (other.subtype === 'WALLET_TO_DERIVATIVES' || other.subtype === 'DERIVATIVES_TO_WALLET') continue;
      expect({
        status: tx.status, type: tx.type, subtype: tx.subtype, amount: tx.amount.toFixed(), fee: (tx.fee ?? new Decimal(0)).toFixed(),
        currency: tx.currency, address: tx.address, hash: tx.hash, paymentId: tx.paymentId, createdAt: tx.createdAt,
        updatedAt: tx.updatedAt, confirmations: tx.confirmations, publicComment: tx.publicComment, offchainId: tx.offchainId,
        networkCode: tx.networkCode,
      }, tx.id).toEqual(expected);
    }
    // The comparison covered the kinds that matter: transfers both ways, conversions, internal and on-chain moves.
    for (const subtype of ['BLOCKCHAIN', 'OFFCHAIN', 'WALLET_TO_SPOT', 'INSTANT_EXCHANGE', 'SUB_ACCOUNT']) expect(seen).toContain(subtype);
  });
});

describe('networks', () => {
  it('takes back the network the currency list gives, though the service names it otherwise', async () => {
    const usdt = (await v2.currencies()).find((currency) => currency.code === 'USDT');
    const network = usdt?.networks[0]?.code;
    expect(network).toBe('USDT');
    const address = await v2.createDepositAddress('USDT', network);
    expect(address.address).toMatch(/^0x/);
    expect((await v2.depositAddresses('USDT', network))[0]?.address).toBe(address.address);
    expect((await v2.estimateFee({ currency: 'USDT', amount: new Decimal('20'), networkCode: network })).fee.gt(0)).toBe(true);
    // A network the service knows is sent as it is.
    expect((await v2.createDepositAddress('USDT', 'TRX')).address).not.toMatch(/^0x/);
  });
});

describe('a lost answer', () => {
  it('comes back uncertain, and the service holds exactly one withdrawal', async () => {
    const amount = '0.00077';
    await fixture.control('POST', '/sandbox/faults', { path: '/api/2/account/crypto/withdraw', method: 'POST', status: 504, code: 504, count: 1, after: true });
    const sent = await v2.prepareWithdrawal({ currency: 'BTC', amount: new Decimal(amount), address: COLD_STORAGE });
    if (sent.status !== 'uncertain') throw new Error('the lost answer was taken for an answer');
    expect(sent.operation).toMatchObject({ kind: 'withdraw', currency: 'BTC', amount, destination: COLD_STORAGE });
    expect(sent.operation.settleByMs).toBeGreaterThan(sent.operation.sentAtMs);
    const made = (await v3.recentTransactions({ types: ['WITHDRAW'], currencies: ['BTC'] }, 100))
      .filter((tx) => tx.amount.abs().toFixed() === amount && tx.address === COLD_STORAGE);
    expect(made).toHaveLength(1);
  });

  it('is not sent again by a retry of the transport', async () => {
    const amount = '0.00066';
    await fixture.control('POST', '/sandbox/faults', { path: '/api/2/account/crypto/withdraw', method: 'POST', status: 503, code: 503, count: 1 });
    const sent = await v2.prepareWithdrawal({ currency: 'BTC', amount: new Decimal(amount), address: COLD_STORAGE });
    // 503 before handling: nothing was made, and the call says so instead of trying again.
    expect(sent.status).toBe('uncertain');
    const made = (await v3.recentTransactions({ types: ['WITHDRAW'], currencies: ['BTC'] }, 100)).filter((tx) => tx.amount.abs().toFixed() === amount);
    expect(made).toHaveLength(0);
  });
});

describe('resuming a history read', () => {
  it('still reads the records updated before the last stored one was updated again', async () => {
    const prepared = await v2.prepareWithdrawal({ currency: 'BTC', amount: new Decimal('0.00042'), address: COLD_STORAGE });
    if (prepared.status !== 'done') throw new Error('withdrawal uncertain');
    const after = await v2.transfer({ currency: 'USDT', amount: new Decimal('1'), source: 'wallet', destination: 'spot' });
    if (after.status !== 'done') throw new Error('transfer uncertain');
    const read = (await collect(v2.transactionsAfterId(undefined))).map((tx) => tx.id);
    // A first read stopped right after storing the withdrawal, before the transfer.
    expect(read.indexOf(prepared.value.id)).toBeLessThan(read.indexOf(need(after.value[0])));
    // Committing it moves its index past the transfer's.
    await v2.commitWithdrawal(prepared.value.id);
    const resumed = (await collect(v2.transactionsAfterId(prepared.value.id))).map((tx) => tx.id);
    expect(resumed).toContain(need(after.value[0]));
  });
});

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing');
  return value;
}
