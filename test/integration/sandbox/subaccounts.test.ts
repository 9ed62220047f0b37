// Sub-accounts: listing, the freeze/activate state rules (new, active, frozen, disable), transfers,
// ACL, balances, addresses, and the control that creates more.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startHarness, type Harness, type TestAccount } from './harness';

let h: Harness;
let alpha: TestAccount;
let beta: TestAccount;
let gamma: TestAccount;
let subs: TestAccount[];
const byName = (name: string): TestAccount => {
  const found = subs.find((s) => s.username === name);
  if (found === undefined) throw new Error(`no ${name}`);
  return found;
};

beforeAll(async () => {
  h = await startHarness();
  subs = h.accounts.filter((a) => a.kind === 'sub');
  [alpha, beta, gamma] = subs as [TestAccount, TestAccount, TestAccount];
});
afterAll(async () => {
  await h.close();
});

async function walletOf(id: number, currency: string): Promise<Decimal> {
  const reply = await h.call('GET', `/api/3/sub-account/balance/${id}`);
  const wallet = (reply.json as { result: { wallet: { currency: string; available: string }[] } }).result.wallet;
  return new Decimal(wallet.find((b) => b.currency === currency)?.available ?? 0);
}

describe('sub-accounts', () => {
  it('lists the twelve seeded sub-accounts of the master, statuses in the words of api-v2', async () => {
    const reply = await h.call('GET', '/api/3/sub-account');
    const statuses: Record<string, string> = { 'sub-gamma': 'disable', 'sub-epsilon': 'frozen', 'sub-theta': 'frozen', 'sub-lambda': 'frozen', 'sub-iota': 'new' };
    const names = ['sub-alpha', 'sub-beta', 'sub-gamma', 'sub-delta', 'sub-epsilon', 'sub-zeta', 'sub-eta', 'sub-theta', 'sub-iota', 'sub-kappa', 'sub-lambda', 'sub-mu'];
    expect(reply.json).toEqual({ result: names.map((name) => ({ sub_account_id: String(byName(name).id), email: `${name}@sandbox.test`, status: statuses[name] ?? 'active' })) });
    const [first, second, third] = names.map(byName);
    expect([first, second, third]).toEqual([alpha, beta, gamma]);
  });

  it('seeds the later sub-accounts with small balances or none', async () => {
    const delta = (await h.call('GET', `/api/3/sub-account/balance/${byName('sub-delta').id}`)).json;
    expect(delta).toEqual({ result: {
      wallet: [{ currency: 'BTC', available: '0.01500000', reserved: '0.00000000' }, { currency: 'USDT', available: '1250.000000', reserved: '0.000000' }],
      spot: [{ currency: 'USDT', available: '40.000000', reserved: '0.000000' }],
    } });
    expect((await h.call('GET', `/api/3/sub-account/balance/${byName('sub-zeta').id}`)).json).toEqual({ result: { wallet: [], spot: [] } });
  });

  it('lets a new sub-account transact, lists its ACL, and makes it active at its first transfer', async () => {
    const iota = byName('sub-iota');
    expect((await h.call('GET', '/api/3/sub-account/acl', { query: `sub_account_ids=${iota.id}` })).json).toEqual({ result: [expect.objectContaining({ sub_account_id: String(iota.id) })] });
    const to = await h.call('POST', '/api/3/sub-account/transfer', { body: { sub_account_id: iota.id, amount: '5', currency: 'USDT', type: 'to_sub_account' } });
    expect(to.json).toEqual({ result: expect.stringMatching(/^\d+$/) });
    const list = (await h.call('GET', '/api/3/sub-account')).json as { result: { sub_account_id: string; status: string }[] };
    expect(list.result.find((s) => s.sub_account_id === String(iota.id))?.status).toBe('active');
  });

  it('refuses transfers with a seeded frozen sub-account (10021) and freezing it again (21004)', async () => {
    const epsilon = byName('sub-epsilon');
    const transfer = await h.call('POST', '/api/3/sub-account/transfer', { body: { sub_account_id: epsilon.id, amount: '1', currency: 'USDT', type: 'from_sub_account' } });
    expect(errorCode(transfer)).toBe(10021);
    expect(errorCode(await h.call('POST', '/api/3/sub-account/freeze', { body: { sub_account_ids: [epsilon.id] } }))).toBe(21004);
  });

  it('creates more sub-accounts of the master through the control, funded and in the status asked for', async () => {
    const made = (await h.control('POST', '/sandbox/sub-accounts', { count: 3, status: 'frozen', funding: { USDT: '12.5' } })).json as { ids: string[] };
    expect(made.ids).toHaveLength(3);
    const list = (await h.call('GET', '/api/3/sub-account')).json as { result: { sub_account_id: string; email: string; status: string }[] };
    const listed = list.result.filter((s) => made.ids.includes(s.sub_account_id));
    expect(listed.map((s) => [s.email, s.status])).toEqual([13, 14, 15].map((n) => [`sub-more-${n}@sandbox.test`, 'frozen']));
    const balance = (await h.call('GET', `/api/3/sub-account/balance/${made.ids[0]}`)).json;
    expect(balance).toEqual({ result: { wallet: [{ currency: 'USDT', available: '12.500000', reserved: '0.000000' }], spot: [] } });
    const refused = await h.control('POST', '/sandbox/sub-accounts', { count: 1, funding: { NOPE: '1' } });
    expect([refused.status, errorCode(refused)]).toEqual([400, 10001]);
  });

  it('transfers to and from a sub-account', async () => {
    const before = await walletOf(alpha.id, 'USDT');
    const to = await h.call('POST', '/api/3/sub-account/transfer', { body: { sub_account_id: alpha.id, amount: '250', currency: 'USDT', type: 'to_sub_account' } });
    expect(to.json).toEqual({ result: expect.stringMatching(/^\d+$/) });
    await h.call('POST', '/api/3/sub-account/transfer', { body: { sub_account_id: alpha.id, amount: '50', currency: 'USDT', type: 'from_sub_account' } });
    expect((await walletOf(alpha.id, 'USDT')).minus(before).toString()).toBe('200');
    const over = await h.call('POST', '/api/3/sub-account/transfer', { body: { sub_account_id: alpha.id, amount: '99999999', currency: 'USDT', type: 'from_sub_account' } });
    expect(errorCode(over)).toBe(20001);
    const wdrNeeded = await h.call('POST', '/api/3/sub-account/transfer', { key: h.key('pay-only'), body: { sub_account_id: alpha.id } });
    expect(wdrNeeded.status).toBe(403);
  });

  it('freezes once (21004 the second time), blocks transfers and the sub-account keys, then activates', async () => {
    expect((await h.call('POST', '/api/3/sub-account/freeze', { body: { sub_account_ids: [beta.id] } })).json).toEqual({ result: true });
    const twice = await h.call('POST', '/api/3/sub-account/freeze', { body: { sub_account_ids: [beta.id] } });
    expect([twice.status, errorCode(twice)]).toEqual([400, 21004]);
    const transfer = await h.call('POST', '/api/3/sub-account/transfer', { body: { sub_account_id: beta.id, amount: '1', currency: 'USDT', type: 'to_sub_account' } });
    expect(errorCode(transfer)).toBe(10021);
    const ownKey = beta.keys[0];
    const ownWithdraw = await h.call('POST', '/api/3/wallet/transfer', { key: ownKey, body: { currency: 'USDT', amount: '1', source: 'wallet', destination: 'spot' } });
    expect(errorCode(ownWithdraw)).toBe(10021);
    expect((await h.call('GET', '/api/3/sub-account/acl', { query: `sub_account_ids=${beta.id}` })).json).toEqual({ result: [] });
    const spotAfterFreeze = await h.call('GET', `/api/3/sub-account/balance/${beta.id}`);
    for (const b of (spotAfterFreeze.json as { result: { spot: { available: string }[] } }).result.spot) expect(new Decimal(b.available).isZero()).toBe(true);
    expect((await h.call('POST', '/api/3/sub-account/activate', { body: { sub_account_ids: [beta.id] } })).json).toEqual({ result: true });
    const list = (await h.call('GET', '/api/3/sub-account')).json as { result: { sub_account_id: string; status: string }[] };
    expect(list.result.find((s) => s.sub_account_id === String(beta.id))?.status).toBe('active');
  });

  it('cannot freeze or activate a disabled sub-account', async () => {
    const freeze = await h.call('POST', '/api/3/sub-account/freeze', { body: { sub_account_ids: [gamma.id] } });
    expect(errorCode(freeze)).toBe(21004);
    expect((await h.call('POST', '/api/3/sub-account/activate', { body: { sub_account_ids: [gamma.id] } })).json).toEqual({ result: false });
  });

  it('reads and writes the ACL, form-encoded lists included', async () => {
    const write = await h.call('POST', '/api/3/sub-account/acl', { form: true, body: { sub_account_ids: `${alpha.id}`, withdraw_enabled: 'false', description: 'payroll' } });
    expect(write.json).toEqual({ result: [expect.objectContaining({ sub_account_id: String(alpha.id), withdraw_enabled: false, description: 'payroll', deposit_address_generation_enabled: true })] });
    const read = await h.call('GET', '/api/3/sub-account/acl', { query: `sub_account_ids=${alpha.id},${gamma.id}` });
    expect((read.json as { result: unknown[] }).result).toHaveLength(1);
    const blocked = await h.call('POST', '/api/3/wallet/crypto/withdraw', { key: alpha.keys[0], body: { currency: 'BTC', amount: '0.001', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' } });
    expect(errorCode(blocked)).toBe(20018);
    await h.call('POST', '/api/3/sub-account/acl', { body: { sub_account_ids: [alpha.id], deposit_address_generation_enabled: false } });
    const noAddress = await h.call('POST', '/api/3/wallet/crypto/address', { key: alpha.keys[0], body: { currency: 'BTC' } });
    expect(errorCode(noAddress)).toBe(600);
  });

  it('gives a sub-account deposit address and answers unknown ids with 500', async () => {
    const reply = await h.call('GET', `/api/3/sub-account/crypto/address/${alpha.id}/ETH`);
    expect(reply.json).toEqual({ result: { currency: 'ETH', address: expect.stringMatching(/^0x[0-9a-f]{40}$/), network_code: 'ETH' } });
    const unknown = await h.call('GET', '/api/3/sub-account/balance/999999');
    expect([unknown.status, errorCode(unknown)]).toEqual([500, 500]);
  });
});
