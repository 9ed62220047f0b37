// The withdrawal state machine: CREATED → commit → PENDING → confirmations → SUCCESS; rollback
// and the one-hour expiry → ROLLED_BACK with funds released; and every refusal.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorDescription, startHarness, type Harness } from './harness';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const XRP_ADDRESS = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
let h: Harness;

interface Balance { available: string; reserved: string }
interface Tx { id: number; status: string; native: { amount: string; fee?: string; hash?: string; confirmations?: number; public_comment?: string; error_code?: string } }

async function balance(currency: string): Promise<Balance> {
  return (await h.call('GET', `/api/3/wallet/balance/${currency}`)).json as Balance;
}

async function tx(id: string): Promise<Tx> {
  return (await h.call('GET', `/api/3/wallet/transactions/${id}`)).json as Tx;
}

async function withdraw(body: Record<string, unknown>): Promise<string> {
  const reply = await h.call('POST', '/api/3/wallet/crypto/withdraw', { body });
  expect(reply.status, reply.text).toBe(200);
  return (reply.json as { id: string }).id;
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('two-phase withdrawal', () => {
  it('reserves on CREATED, commits to PENDING, then settles to SUCCESS with a hash', async () => {
    const before = await balance('BTC');
    const id = await withdraw({ currency: 'BTC', amount: '0.01', address: BTC_ADDRESS, auto_commit: false, public_comment: 'payroll' });
    expect(typeof id).toBe('string');
    const created = await tx(id);
    expect(created).toMatchObject({ status: 'CREATED', native: { amount: '0.01000000', fee: '0.00050000', public_comment: 'payroll' } });
    const held = await balance('BTC');
    expect(new Decimal(before.available).minus(held.available).toString()).toBe('0.0105');
    expect(new Decimal(held.reserved).minus(before.reserved).toString()).toBe('0.0105');

    expect((await h.call('PUT', `/api/3/wallet/crypto/withdraw/${id}`)).json).toEqual({ result: true });
    expect((await h.call('PUT', `/api/3/wallet/crypto/withdraw/${id}`)).json).toEqual({ result: true });
    const pending = await tx(id);
    expect(pending.status).toBe('PENDING');
    expect(pending.native.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await h.call('DELETE', `/api/3/wallet/crypto/withdraw/${id}`)).json).toEqual({ result: false });

    await h.control('POST', '/sandbox/clock/advance', { ms: 10 * 60_000 });
    const done = await tx(id);
    expect(done).toMatchObject({ status: 'SUCCESS', native: { confirmations: 2 } });
    const after = await balance('BTC');
    expect(after.reserved).toBe(before.reserved);
    expect(new Decimal(before.available).minus(after.available).toString()).toBe('0.0105');
  });

  it('rolls back idempotently, releasing the funds, and refuses a commit afterwards', async () => {
    const before = await balance('ETH');
    const id = await withdraw({ currency: 'ETH', amount: '1', address: '0x742d35cc6634c0532925a3b844bc454e4438f44e', auto_commit: false });
    expect((await h.call('DELETE', `/api/3/wallet/crypto/withdraw/${id}`)).json).toEqual({ result: true });
    expect((await h.call('DELETE', `/api/3/wallet/crypto/withdraw/${id}`)).json).toEqual({ result: true });
    expect((await tx(id)).status).toBe('ROLLED_BACK');
    expect(await balance('ETH')).toEqual(before);
    expect((await h.call('PUT', `/api/3/wallet/crypto/withdraw/${id}`)).json).toEqual({ result: false });
  });

  it('rolls back a withdrawal left uncommitted for one hour of sandbox time', async () => {
    const before = await balance('LTC');
    const id = await withdraw({ currency: 'LTC', amount: '0.5', address: 'ltc1qg82l8tm4rdysddx7n8dxzc3q9gd9h3qhtlzafp', auto_commit: false });
    await h.control('POST', '/sandbox/clock/advance', { ms: 59 * 60_000 });
    expect((await tx(id)).status).toBe('CREATED');
    await h.control('POST', '/sandbox/clock/advance', { ms: 60_001 });
    expect((await tx(id)).status).toBe('ROLLED_BACK');
    expect(await balance('LTC')).toEqual(before);
  });

  it('ends FAILED with the funds back when the chain refuses it (test control)', async () => {
    const before = await balance('BTC');
    const id = await withdraw({ currency: 'BTC', amount: '0.002', address: BTC_ADDRESS });
    expect((await h.control('POST', `/sandbox/transactions/${id}/fail`, { error_code: 'BAD_PRECISION' })).json).toEqual({ result: true, status: 'FAILED' });
    expect(await tx(id)).toMatchObject({ status: 'FAILED', native: { error_code: 'BAD_PRECISION' } });
    expect(await balance('BTC')).toEqual(before);
  });

  it('goes straight to PENDING with auto_commit (default true)', async () => {
    const id = await withdraw({ currency: 'BTC', amount: '0.001', address: BTC_ADDRESS });
    expect((await tx(id)).status).toBe('PENDING');
  });

  it('takes the fee out of the amount with include_fee, and scales it by fee_level_id', async () => {
    const before = await balance('BTC');
    const id = await withdraw({ currency: 'BTC', amount: '0.01', address: BTC_ADDRESS, include_fee: true, auto_commit: false });
    expect((await tx(id)).native).toMatchObject({ amount: '0.00950000', fee: '0.00050000' });
    expect(new Decimal(before.available).minus((await balance('BTC')).available).toString()).toBe('0.01');
    const fast = await withdraw({ currency: 'BTC', amount: '0.01', address: BTC_ADDRESS, fee_level_id: 3, auto_commit: false });
    expect((await tx(fast)).native.fee).toBe('0.00100000');
  });

  it('requires a valid payment id where the network needs one', async () => {
    const missing = await h.call('POST', '/api/3/wallet/crypto/withdraw', { body: { currency: 'XRP', amount: '10', address: XRP_ADDRESS } });
    expect([missing.status, errorCode(missing)]).toEqual([400, 10001]);
    expect(errorDescription(missing)).toContain('payment_id');
    const bad = await h.call('POST', '/api/3/wallet/crypto/withdraw', { body: { currency: 'XRP', amount: '10', address: XRP_ADDRESS, payment_id: 'memo' } });
    expect(errorDescription(bad)).toContain('payment_id');
    const id = await withdraw({ currency: 'XRP', amount: '10', address: XRP_ADDRESS, payment_id: '12345' });
    expect((await tx(id)).status).toBe('PENDING');
  });
});

describe('off-chain withdrawal', () => {
  it('settles at once without fee to another sandbox user\'s address when use_offchain allows it', async () => {
    const bob = h.accounts.find((a) => a.username === 'bob');
    const bobKey = bob?.keys[0];
    const [bobAddress] = (await h.call('GET', '/api/3/wallet/crypto/address', { key: bobKey, query: 'currency=ETH' })).json as { address: string }[];
    const before = new Decimal(((await h.call('GET', '/api/3/wallet/balance/ETH', { key: bobKey })).json as Balance).available);
    const id = await withdraw({ currency: 'ETH', amount: '0.2', address: bobAddress?.address, use_offchain: 'optionally' });
    expect((await tx(id))).toMatchObject({ status: 'SUCCESS', subtype: 'OFFCHAIN', native: { fee: '0.000000000' } });
    const after = new Decimal(((await h.call('GET', '/api/3/wallet/balance/ETH', { key: bobKey })).json as Balance).available);
    expect(after.minus(before).toString()).toBe('0.2');
    const required = await h.call('POST', '/api/3/wallet/crypto/withdraw', { body: { currency: 'BTC', amount: '0.01', address: BTC_ADDRESS, use_offchain: 'required' } });
    expect(errorDescription(required)).toContain('use_offchain');
  });
});

describe('withdrawal refusals', () => {
  const refusals: [string, Record<string, unknown>, number, string][] = [
    ['an address not matching the network', { currency: 'BTC', amount: '0.01', address: '0x742d35cc6634c0532925a3b844bc454e4438f44e' }, 10001, 'address'],
    ['a fiat currency', { currency: 'EUR', amount: '10', address: BTC_ADDRESS }, 10001, 'currency'],
    ['a comment over 255 characters', { currency: 'BTC', amount: '0.01', address: BTC_ADDRESS, public_comment: 'x'.repeat(256) }, 10001, 'public_comment'],
    ['an amount below the minimum', { currency: 'BTC', amount: '0.00001', address: BTC_ADDRESS }, 10001, 'amount'],
    ['too many decimals', { currency: 'BTC', amount: '0.000000001', address: BTC_ADDRESS }, 10001, 'amount'],
    ['an unknown network', { currency: 'USDT', network_code: 'SOL', amount: '20', address: BTC_ADDRESS }, 10001, 'network_code'],
    ['a bad use_offchain', { currency: 'BTC', amount: '0.01', address: BTC_ADDRESS, use_offchain: 'always' }, 10001, 'use_offchain'],
    ['more than the balance', { currency: 'BTC', amount: '100000', address: BTC_ADDRESS }, 20001, ''],
    ['an unknown currency', { currency: 'XYZ', amount: '1', address: BTC_ADDRESS }, 2002, ''],
  ];
  for (const [what, body, code, param] of refusals) {
    it(`refuses ${what} (${code})`, async () => {
      const reply = await h.call('POST', '/api/3/wallet/crypto/withdraw', { body });
      expect([reply.status, errorCode(reply)]).toEqual([400, code]);
      expect(errorDescription(reply)).toContain(param);
    });
  }

  it('answers 10001 naming id for an unknown withdrawal', async () => {
    const reply = await h.call('PUT', '/api/3/wallet/crypto/withdraw/999999999');
    expect([reply.status, errorCode(reply)]).toEqual([400, 10001]);
    expect(errorDescription(reply)).toContain('id');
  });
});
