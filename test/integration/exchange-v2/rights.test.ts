// probeRights through version 2 against the sandbox's keys of known rights; a probe never moves money.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestTransport } from '../../../main/exchange/transport';
import { signRequestV2 } from '../../../main/exchange/v2/signing';
import { clientForV2, collect, startFixture, v3ClientFor, type Fixture } from './v2-fixture';

let fixture: Fixture;

beforeAll(async () => {
  fixture = await startFixture();
});
afterAll(() => fixture.close());

describe('probeRights through version 2', () => {
  it.each([
    ['master', ['PAY', 'WDR', 'HIST', 'ORD']],
    ['pay-only', ['PAY']],
    ['wdr-only', ['WDR']],
    ['hist-only', ['HIST']],
    ['ord-only', ['ORD']],
    ['no-rights', []],
  ])('the %s key holds %j', async (label, expected) => {
    const { api } = clientForV2(fixture, {}, await fixture.keyByLabel(label));
    const probe = await api.probeRights();
    api.close();
    // ORD is decided too: the sandbox serves version 2's REST order calls, so cancelling an order
    // that cannot exist is refused (403) without ORD and not found with it.
    expect([...probe.rights].sort()).toEqual([...expected].sort());
    expect(probe.undetermined).toEqual([]);
    for (const right of ['PAY', 'WDR', 'HIST', 'ORD'] as const) expect(probe.evidence[right]).toContain('/api/2/');
  });

  it('moves no money: the history is unchanged by a probe', async () => {
    const v3 = v3ClientFor(fixture);
    const before = (await collect(v3.transactions())).length;
    const { api } = clientForV2(fixture);
    await api.probeRights();
    expect((await collect(v3.transactions())).length).toBe(before);
    api.close();
    v3.close();
  });

  it('a wrong secret is an error, not "no rights"', async () => {
    const { api } = clientForV2(fixture, {}, { apiKey: fixture.sandbox.master.apiKey, secretKey: 'nope' });
    await expect(api.probeRights()).rejects.toMatchObject({ code: 1002 });
    api.close();
  });

  it('signs the version 2 way: the same request signed the version 3 way is refused under /api/2', async () => {
    const key = fixture.sandbox.master;
    const credentials = { apiKey: key.apiKey, scheme: 'HS256' as const, readSecret: async () => key.secretKey };
    const request = { method: 'GET' as const, path: '/api/2/account/balance', signed: true, retry: 'once' as const };
    const v2Transport = new RestTransport({ baseUrl: fixture.sandbox.restUrl, credentials, signer: signRequestV2 });
    const v3Transport = new RestTransport({ baseUrl: fixture.sandbox.restUrl, credentials });
    expect(Array.isArray(await v2Transport.send(request))).toBe(true);
    await expect(v3Transport.send(request)).rejects.toMatchObject({ status: 401, code: 1002 });
    v2Transport.close();
    v3Transport.close();
  });
});
