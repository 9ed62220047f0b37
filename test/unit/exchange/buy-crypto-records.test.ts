// Buy-crypto records at the edge: a provider's methods with their limits (version 3 snake_case and
// version 2 camelCase), an order's own figures, and a transaction's buy-crypto details (meta).
import { describe, expect, it } from 'vitest';
import { parseJsonExact } from '../../../main/exchange/json';
import { parseBuyCryptoOrder, parseBuyCryptoProvider, parseTransaction } from '../../../main/exchange/v3/records';

const wire = (value: unknown) => parseJsonExact(JSON.stringify(value));

describe('parseBuyCryptoProvider', () => {
  it('reads each method with its limits per fiat → crypto and network (version 3)', () => {
    const provider = parseBuyCryptoProvider(wire({
      provider_id: 1, provider_name: 'Sandbox Pay',
      methods: [{
        id: 101, name: 'Card', type: 'card',
        supported_source: [{ code: 'EUR' }], supported_target: [{ code: 'BTC', network_code: 'BTC' }, { code: 'USDT', network_code: 'TRX' }],
        transaction_limits: [
          { currency_code: 'EUR', target_code: 'BTC', source_min: '20', source_max: '5000', network_code: 'BTC' },
          { currency_code: 'EUR', target_code: 'USDT', source_min: '25.5', source_max: '4000' },
        ],
      }],
    }));
    expect(provider.id).toBe('1');
    const [method] = provider.methods;
    expect(method?.targets).toEqual([{ code: 'BTC', networkCode: 'BTC' }, { code: 'USDT', networkCode: 'TRX' }]);
    expect(method?.limits.map((l) => [l.sourceCode, l.targetCode, l.networkCode, l.sourceMin.toFixed(), l.sourceMax.toFixed()])).toEqual([
      ['EUR', 'BTC', 'BTC', '20', '5000'],
      ['EUR', 'USDT', undefined, '25.5', '4000'],
    ]);
  });

  it('reads the version 2 names too', () => {
    const provider = parseBuyCryptoProvider(wire({
      providerID: 7, providerName: 'Old Ramp',
      methods: [{
        id: 3, name: 'SEPA', type: 'bank_transfer', supportedSource: [{ code: 'EUR' }], supportedTarget: [{ code: 'ETH', networkCode: 'ETH' }],
        transactionLimits: [{ currencyCode: 'EUR', targetCode: 'ETH', sourceMin: '50', sourceMax: '900', networkCode: 'ETH' }],
      }],
    }));
    expect([provider.id, provider.name]).toEqual(['7', 'Old Ramp']);
    expect(provider.methods[0]?.targets).toEqual([{ code: 'ETH', networkCode: 'ETH' }]);
    expect(provider.methods[0]?.limits[0]?.sourceMax.toFixed()).toBe('900');
  });

  it('gives a method without listed limits none, and refuses a limit that is not a decimal', () => {
    const bare = parseBuyCryptoProvider(wire({ provider_id: 2, methods: [{ id: 9, supported_source: [{ code: 'EUR' }] }] }));
    expect(bare.methods[0]?.limits).toEqual([]);
    expect(() => parseBuyCryptoProvider(wire({
      provider_id: 2, methods: [{ id: 9, transaction_limits: [{ currency_code: 'EUR', target_code: 'BTC', source_min: 'ten', source_max: '5' }] }],
    }))).toThrow(/source_min/);
  });
});

describe('parseBuyCryptoOrder', () => {
  it('keeps what will arrive, on which network, by which method', () => {
    const order = parseBuyCryptoOrder(wire({
      id: 12, provider_id: 1, source_code: 'EUR', target_code: 'BTC', source_amount: '100.00', target_amount: '0.00123456',
      target_network_code: 'BTC', payment_method_id: 101, status: 'initial', wallet_address: 'bc1qxyz', operation_id: 'op-1',
    }));
    expect([order.targetAmount?.toFixed(), order.targetNetworkCode, order.paymentMethodId]).toEqual(['0.00123456', 'BTC', '101']);
  });

  it('leaves them undefined when the order does not say', () => {
    const order = parseBuyCryptoOrder(wire({ id: 12, source_code: 'EUR', target_code: 'BTC', status: 'initial' }));
    expect([order.targetAmount, order.targetNetworkCode, order.paymentMethodId]).toEqual([undefined, undefined, undefined]);
  });
});

describe('parseTransaction meta', () => {
  const record = (extra: Record<string, unknown>) => wire({
    id: 5, status: 'SUCCESS', type: 'DEPOSIT', subtype: 'BUY_CRYPTO', created_at: '2026-01-01T00:00:00Z',
    native: { currency: 'BTC', amount: '0.00123456', hash: 'ab12' }, ...extra,
  });

  it('reads the buy-crypto details', () => {
    const tx = parseTransaction(record({
      meta: {
        provider_name: 'Sandbox Pay', order_type: 'buy', source_currency: 'EUR', target_currency: 'BTC', wallet_address: 'bc1qxyz',
        tx_hash: 'ab12', source_amount: '100.00', target_amount: '0.00123456', status: 'completed', payment_method_type: 'card',
      },
    }));
    expect(tx.meta).toMatchObject({
      providerName: 'Sandbox Pay', orderType: 'buy', sourceCurrency: 'EUR', targetCurrency: 'BTC', walletAddress: 'bc1qxyz', txHash: 'ab12',
      status: 'completed', paymentMethodType: 'card',
    });
    expect([tx.meta?.sourceAmount?.toFixed(), tx.meta?.targetAmount?.toFixed()]).toEqual(['100', '0.00123456']);
  });

  it('has no meta when the record has none, or one without any of its details', () => {
    expect(parseTransaction(record({})).meta).toBeUndefined();
    expect(parseTransaction(record({ meta: null })).meta).toBeUndefined();
    expect(parseTransaction(record({ meta: { other: 'x' } })).meta).toBeUndefined();
  });

  it('leaves out a figure it cannot read rather than losing the transaction', () => {
    const tx = parseTransaction(record({ meta: { provider_name: 'X', target_amount: 'n/a' } }));
    expect([tx.meta?.providerName, tx.meta?.targetAmount]).toEqual(['X', undefined]);
  });
});
