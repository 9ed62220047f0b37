import Decimal from '../../../preload/contract/decimal';
import { describe, expect, it } from 'vitest';
import { applyBalances, mergeBalances, precisionOf, toMap, valueBalances } from '../../../main/core/wallet/balances';

const bal = (currency: string, available: string, reserved = '0') => ({ currency, available: new Decimal(available), reserved: new Decimal(reserved) });

describe('balances', () => {
  it('merges wallet and spot per currency, exactly', () => {
    const merged = mergeBalances(toMap([bal('BTC', '0.1', '0.2'), bal('ETH', '1')]), toMap([bal('BTC', '0.00000001'), bal('USDT', '10.5', '0.5')]));
    expect(merged).toEqual([
      { currency: 'BTC', wallet: { available: '0.1', reserved: '0.2' }, spot: { available: '0.00000001', reserved: '0' }, total: '0.30000001' },
      { currency: 'ETH', wallet: { available: '1', reserved: '0' }, spot: { available: '0', reserved: '0' }, total: '1' },
      { currency: 'USDT', wallet: { available: '0', reserved: '0' }, spot: { available: '10.5', reserved: '0.5' }, total: '11' },
    ]);
  });

  it('replaces a side on a snapshot and patches it on an update', () => {
    const start = toMap([bal('BTC', '1'), bal('ETH', '2')]);
    expect([...applyBalances(start, [bal('ETH', '3')], 'update').values()].map((b) => b.available.toFixed())).toEqual(['1', '3']);
    expect([...applyBalances(start, [bal('ETH', '3')], 'snapshot').keys()]).toEqual(['ETH']);
  });

  it('values every currency it has a rate for and lists the rest', () => {
    const merged = mergeBalances(toMap([bal('BTC', '0.1'), bal('USDT', '100'), bal('DOGE', '5'), bal('XRP', '0')]), new Map());
    const valued = valueBalances(merged, new Map([['BTC', new Decimal('65000.12')]]), 'USDT');
    expect(valued.balances.map((b) => b.value)).toEqual(['6500.012', null, '100', null]);
    expect(valued.totalValue).toBe('6600.012');
    expect(valued.unvalued).toEqual(['DOGE']);
  });

  it('derives display precision from the minimum transfer amount', () => {
    expect(precisionOf(new Decimal('0.00000001'))).toBe(8);
    expect(precisionOf(new Decimal('1'))).toBe(0);
    expect(precisionOf(undefined)).toBe(8);
  });
});
