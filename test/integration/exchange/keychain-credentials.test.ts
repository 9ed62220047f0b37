// Signing with a secret read from a SecretStore at each call: a stored secret signs; a missing
// one stops the call before anything is sent.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialsFromStore } from '../../../main/exchange/credentials';
import type { SecretStore } from '../../../main/keychain/secret-store';
import { clientFor, startFixture, type Fixture } from './sandbox-fixture';

/** The SecretStore interface over a Map: the real keytar store is the keychain helper's to test. */
class MapStore implements SecretStore {
  readonly reads: string[] = [];
  constructor(private readonly secrets: Map<string, string>) {}
  async get(account: string): Promise<string | null> {
    this.reads.push(account);
    return this.secrets.get(account) ?? null;
  }
  async set(account: string, secret: string): Promise<void> {
    this.secrets.set(account, secret);
  }
  async delete(account: string): Promise<boolean> {
    return this.secrets.delete(account);
  }
}

let fixture: Fixture;
beforeAll(async () => {
  fixture = await startFixture();
});
afterAll(() => fixture.close());

describe('credentials from the SecretStore', () => {
  it('reads the secret at each signing', async () => {
    const store = new MapStore(new Map([['profile:p1', fixture.sandbox.master.secretKey]]));
    const credentials = credentialsFromStore({ apiKey: fixture.sandbox.master.apiKey, scheme: 'HS256', store, account: 'profile:p1' });
    const { api } = clientFor(fixture, { credentials });
    await api.walletBalances();
    await api.transfer({ currency: 'USDT', amount: new Decimal('0.1'), source: 'wallet', destination: 'spot' });
    expect(store.reads).toEqual(['profile:p1', 'profile:p1']);
  });

  it('refuses to send when no secret is stored, naming the field', async () => {
    const store = new MapStore(new Map());
    const credentials = credentialsFromStore({ apiKey: fixture.sandbox.master.apiKey, scheme: 'HS256', store, account: 'profile:gone' });
    const { api, statuses } = clientFor(fixture, { credentials });
    await expect(api.transfer({ currency: 'USDT', amount: new Decimal('1'), source: 'wallet', destination: 'spot' }))
      .rejects.toMatchObject({ kind: 'input', field: 'secretKey' });
    expect(statuses).toEqual([]);
  });
});
