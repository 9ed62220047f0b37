// probeRights against the sandbox's keys of known rights; a probe never moves money.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, clientFor, startFixture, type Fixture } from './sandbox-fixture';

let fixture: Fixture;

beforeAll(async () => {
  fixture = await startFixture();
});
afterAll(() => fixture.close());

describe('probeRights', () => {
  it.each([
    ['master', ['PAY', 'WDR', 'HIST', 'ORD']],
    ['pay-only', ['PAY']],
    ['wdr-only', ['WDR']],
    ['hist-only', ['HIST']],
    ['ord-only', ['ORD']],
    ['no-rights', []],
  ])('the %s key holds %j', async (label, expected) => {
    const key = await fixture.keyByLabel(label);
    const probe = await clientFor(fixture, {}, key).api.probeRights();
    const withoutOrd = (rights: readonly string[]) => rights.filter((right) => right !== 'ORD');
    expect(withoutOrd(probe.rights)).toEqual(withoutOrd(expected));
    expect(withoutOrd(probe.undetermined)).toEqual([]);
    // ORD is probed with GET /api/3/spot/fee/{symbol}; while the sandbox has no spot routes (404)
    // the probe must say "undetermined", never "held" or "missing".
    const ordProbe = probe.evidence.ORD;
    if (ordProbe.includes('inconclusive (404')) expect(probe.undetermined).toEqual(['ORD']);
    else expect(probe.rights.includes('ORD')).toBe(expected.includes('ORD'));
    for (const right of ['PAY', 'WDR', 'HIST', 'ORD'] as const) expect(probe.evidence[right]).not.toBe('');
  });

  it('moves no money: the history is unchanged by a probe', async () => {
    const { api } = clientFor(fixture);
    const before = (await collect(api.transactions())).length;
    await api.probeRights();
    expect((await collect(api.transactions())).length).toBe(before);
  });

  it('a wrong secret is an error, not "no rights"', async () => {
    const { api } = clientFor(fixture, {}, { apiKey: fixture.sandbox.master.apiKey, secretKey: 'nope' });
    await expect(api.probeRights()).rejects.toMatchObject({ code: 1002 });
  });
});
