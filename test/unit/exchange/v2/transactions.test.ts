// The client's reading of a version 2 transaction is the inverse of the service's own mapping
// (main/sandbox/v2/format.ts): one stored record, written by the sandbox through both versions
// and read back by the client, gives the same domain words wherever version 2 carries them.
import { describe, expect, it } from 'vitest';
import { parseJsonExact } from '../../../../main/exchange/json';
import { parseTransactionV2 } from '../../../../main/exchange/v2/transactions';
import { parseTransaction } from '../../../../main/exchange/v3/records';
import type { TxRow } from '../../../../main/sandbox/db/transactions';
import { v2Transaction } from '../../../../main/sandbox/v2/format';
import { toTransactionRecord } from '../../../../main/sandbox/wallet/transaction-record';

const BASE: TxRow = {
  id: 41, account_id: 1, status: 'SUCCESS', type: 'WITHDRAW', subtype: 'BLOCKCHAIN', created_at: 1_700_000_000_123,
  updated_at: 1_700_000_050_456, last_activity_at: 1_700_000_050_456, operation_id: 'op-1', tx_id: 'b7c1a0e2-5d5f-4c1e-9a57-1f2d3c4b5a69',
  currency: 'BTC', network: 'BTC', amount: '0.00123456', fee: '0.0005', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  payment_id: null, hash: 'ab12', offchain_id: null, confirmations: 3, required_confirmations: 2, public_comment: 'rent',
  error_code: null, senders: null, wallet_id: null, operation_type: null, meta: null, held: null, commit_deadline: null, broadcast_at: null,
};

/** Both versions' JSON, as the client receives it (numbers as exact text). */
function readBoth(row: TxRow) {
  const v3 = parseTransaction(parseJsonExact(JSON.stringify(toTransactionRecord(row))));
  const v2 = parseTransactionV2(parseJsonExact(JSON.stringify(v2Transaction(row))));
  return { v3, v2: v2.transaction, index: v2.index };
}

const CASES: Array<[string, Partial<TxRow>]> = [
  ['an on-chain withdrawal', {}],
  ['an on-chain deposit', { type: 'DEPOSIT', subtype: 'BLOCKCHAIN', status: 'PENDING' }],
  ['an off-chain withdrawal to an address', { subtype: 'OFFCHAIN', offchain_id: 'f00d' }],
  ['an internal transfer to another user', { subtype: 'OFFCHAIN', address: null, hash: null, offchain_id: 'beef' }],
  ['wallet to spot', { type: 'TRANSFER', subtype: 'WALLET_TO_SPOT', address: null, hash: null, fee: null }],
  ['spot to wallet', { type: 'TRANSFER', subtype: 'SPOT_TO_WALLET', address: null, hash: null, status: 'CREATED' }],
  ['a conversion leg paid out', { type: 'SWAP', subtype: 'INSTANT_EXCHANGE', address: null, hash: null, operation_type: 'withdraw' }],
  ['a conversion leg paid in', { type: 'SWAP', subtype: 'INSTANT_EXCHANGE', address: null, hash: null, operation_type: 'deposit' }],
  ['a withdrawal the service failed (with its reason)', { status: 'FAILED', error_code: 'INVALID_ADDRESS' }],
  ['a withdrawal its owner rolled back', { status: 'ROLLED_BACK' }],
  ['a transfer to a sub-account', { subtype: 'SUB_ACCOUNT', address: null, hash: null, offchain_id: 'cafe' }],
  ['a transfer from a sub-account', { type: 'DEPOSIT', subtype: 'SUB_ACCOUNT', address: null, hash: null, offchain_id: 'cafe' }],
];

describe('version 2 transactions read as the domain reads version 3', () => {
  it.each(CASES)('%s', (_name, change) => {
    const { v3, v2, index } = readBoth({ ...BASE, ...change });
    for (const field of ['status', 'type', 'subtype', 'createdAt', 'updatedAt', 'currency', 'address', 'hash', 'txId', 'publicComment', 'confirmations'] as const) {
      expect(v2[field], field).toEqual(v3[field]);
    }
    expect(v2.amount.equals(v3.amount)).toBe(true);
    expect(v2.fee?.toFixed()).toBe(v3.fee?.toFixed() ?? '0');
    expect(v2.offchainId).toBe(v3.offchainId);
    if (v3.type === 'SWAP') expect(v2.operationType).toBe(v3.operationType);
    expect(v2.id).toBe(BASE.tx_id);
    expect(index).toBe(String(BASE.updated_at));
  });

  it('reads a credit version 2 does not name as unclassified', () => {
    const { v3, v2 } = readBoth({ ...BASE, type: 'DEPOSIT', subtype: 'AIRDROP', address: null, hash: null });
    expect([v3.type, v3.subtype]).toEqual(['DEPOSIT', 'AIRDROP']);
    expect([v2.type, v2.subtype]).toEqual(['DEPOSIT', 'UNCLASSIFIED']);
  });

  it('tells a rollback from a failure by the failure reason only a failure carries', () => {
    const record = v2Transaction({ ...BASE, status: 'ROLLED_BACK' }) as unknown as Record<string, unknown>;
    expect(record.status).toBe('failed');
    const read = (extra: Record<string, unknown>) => parseTransactionV2(parseJsonExact(JSON.stringify({ ...record, ...extra }))).transaction.status;
    expect(read({})).toBe('ROLLED_BACK');
    expect(read({ errorCode: 'BAD_PRECISION' })).toBe('FAILED');
    expect(read({ type: 'withdraw' })).toBe('FAILED');
    expect(read({ type: 'payin' })).toBe('FAILED');
  });

  it('refuses a type or status it does not know, naming the field', () => {
    const record = v2Transaction(BASE) as unknown as Record<string, unknown>;
    expect(() => parseTransactionV2(parseJsonExact(JSON.stringify({ ...record, type: 'airdrop' })))).toThrow(/type "airdrop"/);
    expect(() => parseTransactionV2(parseJsonExact(JSON.stringify({ ...record, status: 'done' })))).toThrow(/status "done"/);
  });
});
