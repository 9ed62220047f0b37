// Transfers between the master and a sub-account through the real core, client and sandbox: both
// wallets read at the service before and after, refusals on their fields with nothing sent, the
// service's refusals mapped to the contract's fields, and a lost reply settled by the ledger on the
// one transaction the service made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubAccountTransferInput } from '../../../preload/contract/subaccounts';
import { failure, sentTo, startHarness, unwrap, waitForEvent, type Harness } from './harness';

const TRANSFER_PATH = '/api/3/sub-account/transfer';

let h: Harness;
let alpha: string;

beforeAll(async () => {
  h = await startHarness();
  alpha = await h.idOf('sub-alpha');
});

afterAll(async () => {
  await h?.close();
});

const move = (input: Partial<SubAccountTransferInput>): SubAccountTransferInput => ({
  subAccountId: alpha, direction: 'toSub', currency: 'USDT', amount: '1', ...input,
});

describe('transfers with a sub-account', () => {
  it('moves exactly the amount master → sub and sub → master, checked at the service, audited, in its history', async () => {
    const [masterBefore, subBefore] = [await h.masterWallet('USDT'), await h.subWallet(alpha, 'USDT')];
    const to = unwrap(await h.desk.core.handlers.transferWithSubAccount(move({ amount: '125.5' })));
    expect(to.state).toBe('done');
    expect((await h.masterWallet('USDT')).minus(masterBefore).toFixed()).toBe('-125.5');
    expect((await h.subWallet(alpha, 'USDT')).minus(subBefore).toFixed()).toBe('125.5');

    const from = unwrap(await h.desk.core.handlers.transferWithSubAccount(move({ direction: 'fromSub', amount: '0.000001' })));
    expect(from.state).toBe('done');
    expect((await h.masterWallet('USDT')).minus(masterBefore).toFixed()).toBe('-125.499999');
    expect((await h.subWallet(alpha, 'USDT')).minus(subBefore).toFixed()).toBe('125.499999');

    const history = unwrap(await h.desk.core.handlers.listSubAccountTransfers({ id: alpha }));
    expect(history.map((m) => [m.destination, m.amount, m.state])).toEqual([
      [`from_sub_account:${alpha}`, '0.000001', 'done'],
      [`to_sub_account:${alpha}`, '125.5', 'done'],
    ]);
    const audit = h.desk.audit.all({ action: 'subAccountTransfer' }).map((e) => [e.phase, e.outcome, e.amount, e.detail]);
    expect(audit).toEqual([
      ['attempt', 'sent', '125.5', `master → sub-alpha@sandbox.test (id ${alpha})`],
      ['result', 'ok', '125.5', `master → sub-alpha@sandbox.test (id ${alpha})`],
      ['attempt', 'sent', '0.000001', `sub-alpha@sandbox.test (id ${alpha}) → master`],
      ['result', 'ok', '0.000001', `sub-alpha@sandbox.test (id ${alpha}) → master`],
    ]);
  });

  it('refuses on its field before anything is sent: frozen or disabled account, unknown one, currency, precision, funds', async () => {
    const [epsilon, gamma, zeta] = [await h.idOf('sub-epsilon'), await h.idOf('sub-gamma'), await h.idOf('sub-zeta')];
    const posts = sentTo(h.desk, TRANSFER_PATH);
    const epsilonBefore = await h.subWallet(epsilon, 'USDT');
    const cases: Array<[SubAccountTransferInput, string, string | RegExp]> = [
      [move({ subAccountId: epsilon, direction: 'fromSub' }), 'subAccountId', 'sub-epsilon@sandbox.test is frozen: transfers with it are refused until it is activated'],
      [move({ subAccountId: gamma }), 'subAccountId', 'sub-gamma@sandbox.test is disabled by the service: transfers with it are refused'],
      [move({ subAccountId: '424242' }), 'subAccountId', 'No sub-account 424242 belongs to this account'],
      [move({ currency: 'NOPE' }), 'currency', 'Unknown currency NOPE'],
      [move({ amount: '1.0000001' }), 'amount', 'USDT amounts have at most 6 decimal places'],
      [move({ subAccountId: zeta, direction: 'fromSub' }), 'amount', 'Insufficient funds: 0 USDT available in the wallet of sub-zeta@sandbox.test'],
      [move({ amount: '99999999' }), 'amount', /^Insufficient funds: [\d.]+ USDT available in the master wallet$/],
    ];
    for (const [input, field, words] of cases) {
      const error = failure(await h.desk.core.handlers.transferWithSubAccount(input));
      expect([error.code, error.field], JSON.stringify(input)).toEqual(['VALIDATION', field]);
      expect(error.message).toMatch(words);
    }
    expect(sentTo(h.desk, TRANSFER_PATH)).toBe(posts);
    expect(await h.subWallet(epsilon, 'USDT')).toEqual(epsilonBefore);
  });

  it("puts the service's refusals on the contract's fields: 10021 on the sub-account, 20001 on the amount", async () => {
    await h.control('POST', '/sandbox/faults', { path: TRANSFER_PATH, method: 'POST', status: 400, code: 10021, count: 1 });
    const frozen = failure(await h.desk.core.handlers.transferWithSubAccount(move({})));
    expect(frozen).toEqual({ code: 'API_10021', field: 'subAccountId', message: 'The service refuses transfers with sub-alpha@sandbox.test: it is frozen or disabled' });
    await h.control('POST', '/sandbox/faults', { path: TRANSFER_PATH, method: 'POST', status: 400, code: 20001, count: 1 });
    const funds = failure(await h.desk.core.handlers.transferWithSubAccount(move({})));
    expect([funds.code, funds.field]).toEqual(['API_20001', 'amount']);
    const refused = unwrap(await h.desk.core.handlers.listSubAccountTransfers({ id: alpha })).slice(0, 2);
    expect(refused.map((m) => m.state)).toEqual(['refused', 'refused']);
  });

  it('answers uncertain when the reply is lost, then the ledger settles it on the one transaction made, sending nothing again', async () => {
    const amount = '7.654321';
    const [newest, subBefore] = [await h.newestTxId(), await h.subWallet(alpha, 'USDT')];
    await h.control('POST', '/sandbox/faults', { path: TRANSFER_PATH, method: 'POST', status: 504, code: 504, count: 1, after: true });
    const posts = sentTo(h.desk, TRANSFER_PATH);
    const fromIndex = h.desk.events.length;

    const result = unwrap(await h.desk.core.handlers.transferWithSubAccount(move({ amount })));
    if (result.state !== 'uncertain') throw new Error(`expected uncertain, got ${JSON.stringify(result)}`);
    expect(result.reason).toMatch(/do not repeat it/);
    const settled = await waitForEvent(h.desk, 'pendingMoveUpdated', (e) => e.move.id === result.moveId && !['sending', 'uncertain'].includes(e.move.state), 10_000, fromIndex);

    const made = (await h.subAccountTxsAfter(newest)).filter((tx) => tx.native.amount === amount);
    expect(made.map((tx) => tx.type)).toEqual(['WITHDRAW']);
    expect(settled.move).toMatchObject({ state: 'found', settledBy: 'reconciler', txIds: [String(made[0]?.id)] });
    expect(sentTo(h.desk, TRANSFER_PATH)).toBe(posts + 1);
    expect((await h.subWallet(alpha, 'USDT')).minus(subBefore).toFixed()).toBe(amount);
    const audit = h.desk.audit.all({ action: 'subAccountTransfer' }).filter((e) => e.correlationId === result.moveId).map((e) => [e.phase, e.outcome]);
    expect(audit).toEqual([['attempt', 'sent'], ['result', 'uncertain'], ['result', 'ok']]);
  });
});
