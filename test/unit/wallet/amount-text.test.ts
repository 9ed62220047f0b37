// The wallet service refuses amount text it cannot take at face value before any request: a
// transfer or fee estimate with "007.5" never reaches the service or the audit log.
import { describe, expect, it } from 'vitest';
import { AppFailure } from '../../../main/core/app-error';
import { WalletService, type WalletDeps } from '../../../main/core/wallet/service';

/** Stands in for the exchange, the audit log or any other collaborator, recording any use: none is expected. */
function untouchable(name: string, touched: string[]): object {
  return new Proxy({}, {
    get: (_target, property) => () => {
      touched.push(`${name}.${String(property)}`);
      throw new Error(`${name} was used`);
    },
  });
}

function service(touched: string[]): WalletService {
  const known: Partial<WalletDeps> = {
    profile: { id: 'p1', name: 'Ops' },
    notices: { balances: () => undefined, live: () => undefined },
    currencies: async () => [],
  };
  // Every other dependency (api, audit, ledger…) is one that must not be touched.
  const deps = new Proxy(known, {
    get: (target, property: string) => target[property as keyof WalletDeps] ?? untouchable(property, touched),
  });
  return new WalletService(deps as WalletDeps);
}

async function refusal(run: () => Promise<unknown>): Promise<{ field: string | undefined; message: string }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppFailure) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('wallet amounts', () => {
  it.each(['007.5', '00.1', '01'])('refuses %s with leading zeros on the amount field, sending nothing', async (amount) => {
    const touched: string[] = [];
    const wallet = service(touched);
    const expected = { field: 'amount', message: 'Write the amount without leading zeros, e.g. 7.5 rather than 007.5' };
    expect(await refusal(() => wallet.transfer({ currency: 'BTC', amount, from: 'wallet', to: 'spot' }))).toEqual(expected);
    expect(await refusal(() => wallet.estimateFee({ currency: 'BTC', amount }))).toEqual(expected);
    expect(touched).toEqual([]);
  });

  it('lets 0.5 through to the service', async () => {
    const touched: string[] = [];
    await expect(service(touched).estimateFee({ currency: 'BTC', amount: '0.5' })).rejects.toThrow();
    expect(touched).toEqual(['api.estimateFee']);
  });
});
