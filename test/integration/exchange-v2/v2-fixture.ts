// Version 2 clients over the exchange tests' sandbox fixture: the same sandbox and keys, the
// client under test built by createV2Api, and a version 3 client of the same key to look at the
// same account through the other version.
import { createV2Api, type V2ApiOptions } from '../../../main/exchange/v2/api';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import { clientFor, type CountingApi, type Fixture } from '../exchange/sandbox-fixture';

export { collect, startFixture, type Fixture } from '../exchange/sandbox-fixture';

/** A version 2 client on the master key (or the given one) that records every reply's status. */
export function clientForV2(
  fixture: Fixture,
  overrides: Partial<V2ApiOptions> = {},
  key: { apiKey: string; secretKey: string } = fixture.sandbox.master,
): CountingApi {
  return clientFor(fixture, overrides, key, createV2Api);
}

/** The same key through version 3: what version 2 did, seen from the other side. */
export function v3ClientFor(fixture: Fixture, key: { apiKey: string; secretKey: string } = fixture.sandbox.master): TreasuryApi {
  return clientFor(fixture, {}, key).api;
}
