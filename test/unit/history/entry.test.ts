// A service transaction as the history stores it: which way its money went (every type and
// subtype the service names, swaps by their leg, unknown ones by the documented fallback), its
// fields, buy-crypto details only for a buy-crypto delivery, and the explorer page of its hash.
import { describe, expect, it } from 'vitest';
import Decimal from '../../../main/exchange/decimal';
import type { Transaction } from '../../../main/exchange/domain';
import { directionOf, entryFromTransaction } from '../../../main/core/history/entry';
import { withExplorer } from '../../../main/core/history/service';

const tx = (fields: Partial<Transaction> = {}): Transaction => ({
  id: '42', status: 'SUCCESS', type: 'DEPOSIT', subtype: 'BLOCKCHAIN', createdAt: '2026-01-02T03:04:05.000Z', updatedAt: '2026-01-02T03:05:00.000Z',
  currency: 'ETH', amount: new Decimal('1.500000000000000001'), fee: undefined, networkCode: 'ETH', address: '0xabc', paymentId: undefined,
  hash: '0xhash', txId: 'tx-1', operationId: 'op-1', operationType: undefined, confirmations: 12, publicComment: undefined, ...fields,
});

describe('directionOf', () => {
  it.each([
    ['DEPOSIT', 'BLOCKCHAIN', undefined, 'in'],
    ['DEPOSIT', 'SUB_ACCOUNT', undefined, 'in'],
    ['WITHDRAW', 'OFFCHAIN', undefined, 'out'],
    ['WITHDRAW', 'SUB_ACCOUNT', 'deposit', 'out'],
    ['TRANSFER', 'SPOT_TO_WALLET', undefined, 'in'],
    ['TRANSFER', 'DERIVATIVES_TO_WALLET', undefined, 'in'],
    ['TRANSFER', 'CHAIN_SWITCH_TO', undefined, 'in'],
    ['TRANSFER', 'WALLET_TO_SPOT', undefined, 'out'],
    ['TRANSFER', 'WALLET_TO_DERIVATIVES', undefined, 'out'],
    ['TRANSFER', 'CHAIN_SWITCH_FROM', undefined, 'out'],
    ['SWAP', 'INSTANT_EXCHANGE', 'deposit', 'in'],
    ['SWAP', 'INSTANT_EXCHANGE', 'withdraw', 'out'],
    ['SWAP', 'INSTANT_EXCHANGE', undefined, 'out'],
    ['TRANSFER', 'SOMETHING_TO_WALLET', undefined, 'in'],
    ['REWARD_DEPOSIT', 'UNCLASSIFIED', undefined, 'in'],
    ['MYSTERY', 'UNCLASSIFIED', 'Deposit', 'in'],
    ['MYSTERY', 'UNCLASSIFIED', undefined, 'out'],
  ] as const)('%s %s (leg %s) is %s', (type, subtype, operationType, direction) => {
    expect(directionOf({ type, subtype, operationType })).toBe(direction);
  });
});

describe('entryFromTransaction', () => {
  it('keeps every field a reviewer can use, amounts as exact decimal text', () => {
    expect(entryFromTransaction(tx({ fee: new Decimal('0.000000000000000021'), offchainId: 'off-1', publicComment: '=SUM(A1)' }))).toEqual({
      id: '42', createdAt: '2026-01-02T03:04:05.000Z', updatedAt: '2026-01-02T03:05:00.000Z', type: 'DEPOSIT', subtype: 'BLOCKCHAIN',
      status: 'SUCCESS', direction: 'in', currency: 'ETH', amount: '1.500000000000000001', fee: '0.000000000000000021', network: 'ETH',
      address: '0xabc', paymentId: null, hash: '0xhash', txId: 'tx-1', operationId: 'op-1', offchainId: 'off-1', operationType: null,
      confirmations: 12, comment: '=SUM(A1)', buyCrypto: null, explorerUrl: null,
    });
  });

  it('carries a buy-crypto delivery\'s details, and not a swap\'s meta', () => {
    const meta = {
      providerName: 'Simplex', orderType: 'buy', sourceCurrency: 'EUR', targetCurrency: 'BTC', walletAddress: 'bc1', txHash: undefined,
      sourceAmount: new Decimal('100.50'), targetAmount: new Decimal('0.0012'), status: 'completed', paymentMethodType: 'card',
    };
    expect(entryFromTransaction(tx({ subtype: 'BUY_CRYPTO', meta })).buyCrypto).toEqual({
      provider: 'Simplex', sourceCurrency: 'EUR', sourceAmount: '100.5', targetCurrency: 'BTC', targetAmount: '0.0012', paymentMethod: 'card',
    });
    const swapMeta = { ...meta, providerName: undefined, paymentMethodType: undefined };
    expect(entryFromTransaction(tx({ type: 'SWAP', subtype: 'INSTANT_EXCHANGE', operationType: 'withdraw', meta: swapMeta })).buyCrypto).toBeNull();
  });
});

describe('withExplorer', () => {
  const templates = new Map([['ETH|ETH', 'https://explorer.example/eth/tx/{tx}'], ['ETH|', 'https://explorer.example/eth/tx/{tx}'], ['USDT|TRX', 'http://plain.example/{tx}']]);
  const entry = entryFromTransaction(tx());

  it('fills the page of the hash from the template of the currency and network, the hash encoded', () => {
    expect(withExplorer({ ...entry, hash: 'a/b' }, templates).explorerUrl).toBe('https://explorer.example/eth/tx/a%2Fb');
    expect(withExplorer({ ...entry, network: null }, templates).explorerUrl).toBe('https://explorer.example/eth/tx/0xhash');
  });

  it('leaves it null without a hash, without a template, or for a template that is not https', () => {
    expect(withExplorer({ ...entry, hash: null }, templates).explorerUrl).toBeNull();
    expect(withExplorer({ ...entry, currency: 'BTC', network: 'BTC' }, templates).explorerUrl).toBeNull();
    expect(withExplorer({ ...entry, currency: 'USDT', network: 'TRX' }, templates).explorerUrl).toBeNull();
  });
});
