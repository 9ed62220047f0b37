// Sub-accounts through /api/2 (api-v2.md "Sub-accounts" and the rules under "Errors"), over the
// same state /api/3/sub-account reads and changes: one sandbox for the file, each test on
// sub-accounts of its own.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorDescription, startHarness, type CallOptions, type Harness, type Reply, type TestAccount } from '../sandbox/harness';

let h: Harness;
let subs: TestAccount[];
const byName = (name: string): TestAccount => {
  const found = subs.find((s) => s.username === name);
  if (found === undefined) throw new Error(`no ${name}`);
  return found;
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  h = await startHarness();
  subs = h.accounts.filter((a) => a.kind === 'sub');
});
afterAll(async () => {
  await h.close();
});

/** A version 2 call, Basic auth unless the test asks for another. */
const v2 = (method: string, path: string, options: CallOptions = {}): Promise<Reply> => h.call(method, `/api/2${path}`, { auth: 'basic', ...options });
const failure = (reply: Reply): [number, number | undefined] => [reply.status, errorCode(reply)];

async function v3Status(id: number): Promise<string | undefined> {
  const list = (await h.call('GET', '/api/3/sub-account')).json as { result: { sub_account_id: string; status: string }[] };
  return list.result.find((s) => s.sub_account_id === String(id))?.status;
}

async function v3Wallet(id: number | null, currency: string): Promise<Decimal> {
  if (id === null) return new Decimal(((await h.call('GET', `/api/3/wallet/balance/${currency}`)).json as { available: string }).available);
  const wallet = ((await h.call('GET', `/api/3/sub-account/balance/${id}`)).json as { result: { wallet: { currency: string; available: string }[] } }).result.wallet;
  return new Decimal(wallet.find((b) => b.currency === currency)?.available ?? 0);
}

describe('sub-accounts, version 2', () => {
  it('lists the sub-accounts with numeric ids and the statuses version 3 shows', async () => {
    const reply = await v2('GET', '/sub-acc');
    expect(reply.status).toBe(200);
    const listed = (reply.json as { result: { id: number; email: string; status: string }[] }).result;
    const v3 = ((await h.call('GET', '/api/3/sub-account')).json as { result: { sub_account_id: string; email: string; status: string }[] }).result;
    expect(listed).toEqual(v3.map((s) => ({ id: Number(s.sub_account_id), email: s.email, status: s.status })));
    const statusOf = (name: string): string | undefined => listed.find((s) => s.id === byName(name).id)?.status;
    expect(['sub-alpha', 'sub-gamma', 'sub-epsilon', 'sub-iota'].map(statusOf)).toEqual(['active', 'disable', 'frozen', 'new']);
  });

  it('freezes by comma-separated ids (seen frozen through version 3), refuses a second freeze with 21004, and activates', async () => {
    const [delta, zeta] = [byName('sub-delta'), byName('sub-zeta')];
    const freeze = await v2('POST', '/sub-acc/freeze', { form: true, body: { ids: `${delta.id},${zeta.id}` } });
    expect([freeze.status, freeze.json]).toEqual([200, { result: true }]);
    expect([await v3Status(delta.id), await v3Status(zeta.id)]).toEqual(['frozen', 'frozen']);
    const again = await v2('POST', '/sub-acc/freeze', { body: { ids: [delta.id] } });
    expect(failure(again)).toEqual([400, 21004]);
    expect(errorDescription(again)).toContain(String(delta.id));
    const activate = await v2('POST', '/sub-acc/activate', { body: { ids: [delta.id, zeta.id] } });
    expect([activate.status, activate.json]).toEqual([200, { result: true }]);
    expect([await v3Status(delta.id), await v3Status(zeta.id)]).toEqual(['active', 'active']);
  });

  it('freezes nothing when one of the ids is already disabled', async () => {
    const [eta, gamma] = [byName('sub-eta'), byName('sub-gamma')];
    const freeze = await v2('POST', '/sub-acc/freeze', { body: { ids: [eta.id, gamma.id] } });
    expect(failure(freeze)).toEqual([400, 21004]);
    expect(await v3Status(eta.id)).toBe('active');
  });

  it('answers false, not an error, when activating a disabled sub-account', async () => {
    const reply = await v2('POST', '/sub-acc/activate', { body: { ids: String(byName('sub-gamma').id) } });
    expect([reply.status, reply.json]).toEqual([200, { result: false }]);
    expect(await v3Status(byName('sub-gamma').id)).toBe('disable');
  });

  it('names the missing ids, and answers an unknown sub-account with 500 naming it', async () => {
    const missing = await v2('POST', '/sub-acc/freeze', { body: {} });
    expect(failure(missing)).toEqual([400, 10001]);
    expect(errorDescription(missing)).toMatch(/^ids:/);
    const unknown = await v2('POST', '/sub-acc/activate', { body: { ids: '999999' } });
    expect(failure(unknown)).toEqual([500, 500]);
    expect(errorDescription(unknown)).toContain('999999');
    const balance = await v2('GET', '/sub-acc/balance/999998');
    expect([...failure(balance), errorDescription(balance)]).toEqual([500, 500, 'sub-account 999998 not found']);
    expect((balance.json as { error: { message: string } }).error.message).toBe('Internal Server Error');
  });

  it('moves funds both ways with deposit and withdraw, seen in the version 3 balances, and answers the v2 transaction id', async () => {
    const alpha = byName('sub-alpha');
    const [masterBefore, subBefore] = [await v3Wallet(null, 'USDT'), await v3Wallet(alpha.id, 'USDT')];
    const deposit = await v2('POST', '/sub-acc/transfer', { auth: 'hs256-v2', form: true, body: { subAccountId: alpha.id, amount: '125.5', currency: 'USDT', type: 'deposit' } });
    expect(deposit.status, deposit.text).toBe(200);
    const txId = (deposit.json as { result: string }).result;
    expect(txId).toMatch(UUID);
    const withdraw = await v2('POST', '/sub-acc/transfer', { body: { subAccountId: String(alpha.id), amount: '25', currency: 'USDT', type: 'withdraw' } });
    expect((withdraw.json as { result: string }).result).toMatch(UUID);
    expect((await v3Wallet(alpha.id, 'USDT')).minus(subBefore).toString()).toBe('100.5');
    expect(masterBefore.minus(await v3Wallet(null, 'USDT')).toString()).toBe('100.5');
    // The master's own record of the deposit carries that id as its native tx_id.
    const history = (await h.call('GET', '/api/3/wallet/transactions', { query: 'subtypes=SUB_ACCOUNT&currencies=USDT&limit=2' })).json as { native: { tx_id: string; amount: string } }[];
    expect(history.map((t) => t.native.tx_id)).toContain(txId);
  });

  it('refuses a transfer beyond the funds (20001), with a frozen sub-account (500 naming it), bad fields (10001) and a key without WDR (403)', async () => {
    const [alpha, epsilon] = [byName('sub-alpha'), byName('sub-epsilon')];
    const before = await v3Wallet(epsilon.id, 'USDT');
    const over = await v2('POST', '/sub-acc/transfer', { body: { subAccountId: alpha.id, amount: '99999999', currency: 'USDT', type: 'withdraw' } });
    expect(failure(over)).toEqual([400, 20001]);
    const frozen = await v2('POST', '/sub-acc/transfer', { body: { subAccountId: epsilon.id, amount: '1', currency: 'USDT', type: 'withdraw' } });
    expect([...failure(frozen), errorDescription(frozen)]).toEqual([500, 500, `sub-account ${epsilon.id} is frozen`]);
    expect((await v3Wallet(epsilon.id, 'USDT')).eq(before)).toBe(true);
    const noType = await v2('POST', '/sub-acc/transfer', { body: { subAccountId: alpha.id, amount: '1', currency: 'USDT' } });
    expect([...failure(noType), errorDescription(noType)]).toEqual([400, 10001, 'type: is required']);
    const badType = await v2('POST', '/sub-acc/transfer', { body: { subAccountId: alpha.id, amount: '1', currency: 'USDT', type: 'to_sub_account' } });
    expect([...failure(badType), errorDescription(badType)]).toEqual([400, 10001, 'type: must be one of deposit, withdraw']);
    const noSub = await v2('POST', '/sub-acc/transfer', { body: { amount: '1', currency: 'USDT', type: 'deposit' } });
    expect(errorDescription(noSub)).toBe('subAccountId: is required');
    const unknown = await v2('POST', '/sub-acc/transfer', { body: { subAccountId: 999999, amount: '1', currency: 'USDT', type: 'deposit' } });
    expect([...failure(unknown), errorDescription(unknown)]).toEqual([500, 500, 'sub-account 999999 not found']);
    const payOnly = await v2('POST', '/sub-acc/transfer', { key: h.key('pay-only'), body: { subAccountId: alpha.id, amount: '1', currency: 'USDT', type: 'deposit' } });
    expect(failure(payOnly)).toEqual([403, 1003]);
  });

  it('refuses a frozen sub-account\'s own key where version 3 does (10021)', async () => {
    const own = byName('sub-lambda').keys[0];
    const transfer = await v2('POST', '/sub-acc/transfer', { key: own, body: { subAccountId: byName('sub-alpha').id, amount: '1', currency: 'USDT', type: 'deposit' } });
    expect(failure(transfer)).toEqual([400, 10021]);
    const v3 = await h.call('POST', '/api/3/wallet/transfer', { key: own, body: { currency: 'BTC', amount: '0.001', source: 'wallet', destination: 'spot' } });
    expect(errorCode(v3)).toBe(10021);
  });

  it('lists withdrawal settings, empty for frozen and disabled ones, and writes one, echoed and seen by version 3', async () => {
    const [kappa, epsilon, gamma] = [byName('sub-kappa'), byName('sub-epsilon'), byName('sub-gamma')];
    const read = await v2('GET', '/sub-acc/acl', { query: `subAccountIds=${kappa.id},${epsilon.id},${gamma.id}` });
    expect(read.json).toEqual({ result: [{ subAccountId: kappa.id, isPayoutEnabled: true, description: '' }] });
    expect((await v2('GET', '/sub-acc/acl', { query: `subAccountIds=${epsilon.id}` })).json).toEqual({ result: [] });
    const write = await v2('PUT', `/sub-acc/acl/${kappa.id}`, { auth: 'hs256-v2', form: true, body: { isPayoutEnabled: 'false', description: 'payroll' } });
    expect([write.status, write.json]).toEqual([200, { result: [{ subAccountId: kappa.id, isPayoutEnabled: false, description: 'payroll' }] }]);
    const v3 = (await h.call('GET', '/api/3/sub-account/acl', { query: `sub_account_ids=${kappa.id}` })).json as { result: { withdraw_enabled: boolean; description: string }[] };
    expect(v3.result.map((a) => [a.withdraw_enabled, a.description])).toEqual([[false, 'payroll']]);
    const missing = await v2('PUT', `/sub-acc/acl/${kappa.id}`, { body: { description: 'x' } });
    expect([...failure(missing), errorDescription(missing)]).toEqual([400, 10001, 'isPayoutEnabled: is required']);
    const notBool = await v2('PUT', `/sub-acc/acl/${kappa.id}`, { body: { isPayoutEnabled: 'maybe' } });
    expect(errorDescription(notBool)).toBe('isPayoutEnabled: must be true or false');
  });

  it('reads main and trading balances in any state', async () => {
    const theta = await v2('GET', `/sub-acc/balance/${byName('sub-theta').id}`);
    expect(theta.json).toEqual({ result: { main: [], trading: [] } });
    const kappa = await v2('GET', `/sub-acc/balance/${byName('sub-kappa').id}`, { auth: 'hs256-v2' });
    const v3 = ((await h.call('GET', `/api/3/sub-account/balance/${byName('sub-kappa').id}`)).json as { result: { wallet: unknown[]; spot: unknown[] } }).result;
    expect(kappa.json).toEqual({ result: { main: v3.wallet, trading: v3.spot } });
    expect((kappa.json as { result: { trading: unknown[] } }).result.trading).toEqual([{ currency: 'SOL', available: '0.500000000', reserved: '0.000000000' }]);
    const lambda = await v2('GET', `/sub-acc/balance/${byName('sub-lambda').id}`);
    expect(lambda.json).toEqual({ result: { main: [{ currency: 'BTC', available: '0.00200000', reserved: '0.00000000' }], trading: [] } });
  });

  it('gives a sub-account deposit address, the one version 3 gives, and names a bad networkCode', async () => {
    const mu = byName('sub-mu');
    const reply = await v2('GET', `/sub-acc/deposit-address/${mu.id}/ETH`);
    expect(reply.json).toEqual({ result: { address: expect.stringMatching(/^0x[0-9a-f]{40}$/), networkCode: 'ETH' } });
    const v3 = (await h.call('GET', `/api/3/sub-account/crypto/address/${mu.id}/ETH`)).json as { result: { address: string } };
    expect((reply.json as { result: { address: string } }).result.address).toBe(v3.result.address);
    const badNetwork = await v2('GET', `/sub-acc/deposit-address/${mu.id}/ETH`, { query: 'networkCode=NOPE' });
    expect([...failure(badNetwork), errorDescription(badNetwork).split(':')[0]]).toEqual([400, 10001, 'networkCode']);
    expect(failure(await v2('GET', `/sub-acc/deposit-address/${mu.id}/NOPE`))).toEqual([400, 2002]);
  });
});
