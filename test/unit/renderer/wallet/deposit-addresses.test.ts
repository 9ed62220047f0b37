// useDepositAddresses: only the latest currency's answer is shown, a service that cannot list
// recent addresses is not an error, a new address pushes the current one into the recent list,
// and "is this ours?" asks only about what was typed, trimmed.
import { describe, expect, it } from 'vitest';
import type { DepositAddress } from '../../../../preload/contract';
import { fail, ok } from '../../../../preload/contract/result';
import { useDepositAddresses } from '../../../../renderer/src/modules/wallet/use-deposit-addresses';
import { fakeBridge, settle, withSetup } from '../fake-bridge';

const address = (text: string, currency = 'USDT'): DepositAddress => ({ currency, address: text, paymentId: null, networkCode: 'ETH' });

describe('useDepositAddresses', () => {
  it('shows only the answer for the latest query', async () => {
    let releaseSlow: () => void = () => undefined;
    const fake = fakeBridge({
      listDepositAddresses: ({ currency }) =>
        currency === 'BTC' ? new Promise((resolve) => (releaseSlow = () => resolve(ok([address('bc1-old', 'BTC')])))) : ok([address('0xnew')]),
      listRecentDepositAddresses: () => ok([]),
    });
    const { result: addresses } = withSetup(fake.bridge, () => useDepositAddresses());
    const slow = addresses.load({ currency: 'BTC' });
    await addresses.load({ currency: 'USDT' });
    releaseSlow();
    await slow;
    expect(addresses.current.value.map((a) => a.address)).toEqual(['0xnew']);
    expect(addresses.loading.value).toBe(false);
  });

  it('shows no error when recent addresses are not supported, but shows any other failure', async () => {
    const fake = fakeBridge({
      listDepositAddresses: () => ok([address('0xcurrent')]),
      listRecentDepositAddresses: () => fail('NOT_SUPPORTED', 'Not on this API version'),
    });
    const { result: addresses } = withSetup(fake.bridge, () => useDepositAddresses());
    await addresses.load({ currency: 'USDT' });
    expect(addresses.error.value).toBeNull();
    expect(addresses.recent.value).toEqual([]);
    fake.answer('listRecentDepositAddresses', () => fail('API_1002', 'Access denied'));
    await addresses.load({ currency: 'USDT' });
    expect(addresses.error.value?.code).toBe('API_1002');
    expect(addresses.current.value.map((a) => a.address)).toEqual(['0xcurrent']);
  });

  it('puts a new address first and moves the old one to the head of the recent list', async () => {
    const fake = fakeBridge({
      listDepositAddresses: () => ok([address('0xold')]),
      listRecentDepositAddresses: () => ok([address('0xolder')]),
      createDepositAddress: () => ok(address('0xfresh')),
    });
    const { result: addresses } = withSetup(fake.bridge, () => useDepositAddresses());
    await addresses.load({ currency: 'USDT' });
    await addresses.generate({ currency: 'USDT' });
    expect(addresses.current.value.map((a) => a.address)).toEqual(['0xfresh']);
    expect(addresses.recent.value.map((a) => a.address)).toEqual(['0xold', '0xolder']);
    fake.answer('createDepositAddress', () => fail('API_20003', 'Limit reached'));
    await addresses.generate({ currency: 'USDT' });
    expect(addresses.error.value?.code).toBe('API_20003');
    expect(addresses.current.value.map((a) => a.address)).toEqual(['0xfresh']);
  });

  it('checks a typed address trimmed, and nothing when blank', async () => {
    const fake = fakeBridge({ checkOwnAddress: ({ address: typed }) => ok({ mine: typed === '0xmine' }) });
    const { result: addresses } = withSetup(fake.bridge, () => useDepositAddresses());
    await addresses.checkMine('   ');
    expect(fake.calls).toEqual([]);
    expect(addresses.mineCheck.value).toEqual({ state: 'idle' });
    await addresses.checkMine(' 0xmine ');
    expect(addresses.mineCheck.value).toEqual({ state: 'done', address: '0xmine', mine: true });
    addresses.reset();
    expect(addresses.mineCheck.value).toEqual({ state: 'idle' });
    await settle();
  });
});
