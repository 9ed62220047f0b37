// Sending to another user of the service through the real core, client and sandbox: what both
// accounts hold afterwards (read over the service's own API), the service's refusals on their
// fields, the refusals that send nothing, and a lost reply that settles by itself without a resend.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendToUserInput } from '../../../preload/contract/transfers';
import { CURRENCIES } from '../../../main/sandbox/catalog';
import { failure, sentTo, startHarness, unwrap, waitForEvent, type Harness } from './harness';

const MASTER = 'master@sandbox.test';
const BOB = 'bob@sandbox.test';
const SEND_PATH = '/api/3/wallet/internal/withdraw';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

const toBob = (amount: string, extra: Partial<SendToUserInput> = {}): SendToUserInput => ({
  currency: 'USDT', amount, by: 'email', identifier: BOB, identifierAgain: BOB, ...extra,
});

async function historyOf(email: string, query: string): Promise<Array<{ id: string | number; type: string; subtype: string; native: { amount: string; currency: string } }>> {
  return h.truth(email, `/api/3/wallet/transactions?${query}`);
}

describe('sending to another user', () => {
  it('moves exactly the amount from this wallet to the other user, audited, with its movement on the stream', async () => {
    const [masterBefore, bobBefore] = await Promise.all([h.walletAvailable(MASTER, 'USDT'), h.walletAvailable(BOB, 'USDT')]);
    const fromIndex = h.desk.events.length;
    const result = unwrap(await h.desk.core.handlers.sendToUser(toBob('12.345678')));
    if (result.state !== 'done') throw new Error(`expected done, got ${JSON.stringify(result)}`);

    const [masterAfter, bobAfter] = await Promise.all([h.walletAvailable(MASTER, 'USDT'), h.walletAvailable(BOB, 'USDT')]);
    expect(new Decimal(masterBefore).minus(masterAfter).toFixed()).toBe('12.345678');
    expect(new Decimal(bobAfter).minus(bobBefore).toFixed()).toBe('12.345678');
    const record = await h.truth<{ type: string; subtype: string; native: { amount: string } }>(MASTER, `/api/3/wallet/transactions/${result.transactionId}`);
    expect(record).toMatchObject({ type: 'WITHDRAW', subtype: 'OFFCHAIN', native: { amount: '12.345678' } });

    const moved = await waitForEvent(h.desk, 'movementRecorded', (e) => e.movement.id === result.transactionId, 5_000, fromIndex);
    expect(moved.movement).toMatchObject({ type: 'WITHDRAW', subtype: 'OFFCHAIN', currency: 'USDT', amount: '12.345678' });
    const audit = h.desk.audit.all({ action: 'internalWithdraw' }).map((e) => [e.phase, e.outcome, e.txId, e.detail]);
    expect(audit).toEqual([
      ['attempt', 'sent', null, `to the user with email ${BOB}`],
      ['result', 'ok', result.transactionId, `to the user with email ${BOB}`],
    ]);
  });

  it('finds the user by username and by external id as well', async () => {
    const bobBefore = await h.walletAvailable(BOB, 'USDT');
    unwrap(await h.desk.core.handlers.sendToUser(toBob('1', { by: 'username', identifier: 'bob', identifierAgain: 'bob' })));
    unwrap(await h.desk.core.handlers.sendToUser(toBob('2', { by: 'external_id', identifier: 'ext-bob', identifierAgain: 'ext-bob' })));
    expect(new Decimal(await h.walletAvailable(BOB, 'USDT')).minus(bobBefore).toFixed()).toBe('3');
  });

  it('refuses bad input on its field before anything is sent', async () => {
    const available = await h.walletAvailable(MASTER, 'USDT');
    const posts = sentTo(h.desk, SEND_PATH);
    const cases: Array<[SendToUserInput, string, RegExp]> = [
      [toBob('1', { currency: 'EUR' }), 'currency', /EUR.*payouts are disabled/],
      [toBob('1', { currency: 'NOPE' }), 'currency', /Unknown currency NOPE/],
      [toBob('1.0000001'), 'amount', /at most 6 decimal places/],
      [toBob('0'), 'amount', /greater than zero/],
      [toBob('9999999999'), 'amount', new RegExp(`^Insufficient funds: ${new Decimal(available).toFixed().replace('.', '\\.')} USDT available in the wallet$`)],
      [toBob('1', { identifierAgain: 'bob@sandbox.tes' }), 'identifierAgain', /same identifier again/],
      [toBob('1', { identifier: 'bob@', identifierAgain: 'bob@' }), 'identifier', /not an email address/],
      [toBob('1', { identifier: 'bob\u202e@sandbox.test', identifierAgain: 'bob\u202e@sandbox.test' }), 'identifier', /text-direction mark/],
    ];
    for (const [input, field, words] of cases) {
      const error = failure(await h.desk.core.handlers.sendToUser(input));
      expect([error.code, error.field], JSON.stringify(input)).toEqual(['VALIDATION', field]);
      expect(error.message).toMatch(words);
    }
    expect(sentTo(h.desk, SEND_PATH)).toBe(posts);
  });

  it('names the identifier when the service knows no such user (22004), and nothing moves', async () => {
    const before = await h.walletAvailable(MASTER, 'USDT');
    const who = 'nobody@sandbox.test';
    const error = failure(await h.desk.core.handlers.sendToUser(toBob('1', { identifier: who, identifierAgain: who })));
    expect(error).toEqual({ code: 'API_22004', field: 'identifier', message: `No user of the service has the email ${who}` });
    expect(await h.walletAvailable(MASTER, 'USDT')).toBe(before);
    const refused = h.desk.core.handlers.listPendingMoves;
    expect(unwrap(await refused()).find((m) => m.destination === who)?.state).toBe('refused');
  });

  it('puts a refusal for lack of funds (20001) on the amount, in wallet ↔ spot too', async () => {
    await h.control('POST', '/sandbox/faults', { path: '/api/3/wallet/transfer', method: 'POST', status: 400, code: 20001, count: 1 });
    const error = failure(await h.desk.core.handlers.transferFunds({ currency: 'USDT', amount: '1', from: 'wallet', to: 'spot' }));
    expect([error.code, error.field]).toEqual(['API_20001', 'amount']);
  });

  it('names the currency when the account may not withdraw (20018)', async () => {
    const alpha = (await h.desk.api.subAccounts()).find((s) => s.email === 'sub-alpha@sandbox.test');
    if (alpha === undefined) throw new Error('no sub-alpha');
    await h.desk.api.setSubAccountAcl([alpha.id], { withdrawEnabled: false });
    try {
      const desk = await h.openDesk('sub-alpha@sandbox.test');
      const error = failure(await desk.core.handlers.sendToUser(toBob('1')));
      expect([error.code, error.field]).toEqual(['API_20018', 'currency']);
      expect(error.message).toMatch(/does not allow sending USDT/);
      expect(sentTo(desk, SEND_PATH)).toBe(1);
    } finally {
      await h.desk.api.setSubAccountAcl([alpha.id], { withdrawEnabled: true });
    }
  });

  it('answers uncertain when the reply is lost, then settles by itself on the one transaction made, sending nothing again', async () => {
    const amount = '3.210987';
    const bobBefore = await h.walletAvailable(BOB, 'USDT');
    const newest = (await historyOf(MASTER, 'order_by=id&sort=DESC&limit=1'))[0]?.id ?? 0;
    await h.control('POST', '/sandbox/faults', { path: SEND_PATH, method: 'POST', status: 504, after: true, count: 1 });
    const posts = sentTo(h.desk, SEND_PATH);
    const fromIndex = h.desk.events.length;

    const result = unwrap(await h.desk.core.handlers.sendToUser(toBob(amount)));
    if (result.state !== 'uncertain') throw new Error(`expected uncertain, got ${JSON.stringify(result)}`);
    expect(result.reason).toMatch(/do not repeat it/);
    const settled = await waitForEvent(h.desk, 'pendingMoveUpdated', (e) => e.move.id === result.moveId && e.move.state !== 'uncertain' && e.move.state !== 'sending', 10_000, fromIndex);

    const made = (await historyOf(MASTER, `order_by=id&id_from=${Number(newest) + 1}&types=WITHDRAW&subtypes=OFFCHAIN&sort=ASC`))
      .filter((tx) => tx.native.amount === amount);
    expect(made).toHaveLength(1);
    expect(settled.move).toMatchObject({ state: 'found', settledBy: 'reconciler', txIds: [String(made[0]?.id)] });
    expect(sentTo(h.desk, SEND_PATH)).toBe(posts + 1);
    expect(new Decimal(await h.walletAvailable(BOB, 'USDT')).minus(bobBefore).toFixed()).toBe(amount);
  });
});

describe('a currency whose transfers are off', () => {
  it('is refused on the currency for wallet ↔ spot before anything is sent', async () => {
    // No catalog currency has transfers off: switch one off (the sandbox runs in this process),
    // on a fresh desk so the currency list is read after the switch.
    const xrp = CURRENCIES.find((c) => c.code === 'XRP') as { transferEnabled: boolean };
    xrp.transferEnabled = false;
    try {
      const desk = await h.openDesk(MASTER);
      const error = failure(await desk.core.handlers.transferFunds({ currency: 'xrp', amount: '1', from: 'wallet', to: 'spot' }));
      expect([error.code, error.field]).toEqual(['VALIDATION', 'currency']);
      expect(error.message).toMatch(/XRP.*transfers are disabled/);
      expect(sentTo(desk, '/api/3/wallet/transfer')).toBe(0);
    } finally {
      xrp.transferEnabled = true;
    }
  });
});
