// More than 100,000 wallet transactions, read through the cursor walker with the real limits on:
// every record exactly once, in id order, past the service's offset ceiling of 100,000.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, startFixture, type Fixture } from './sandbox-fixture';

let fixture: Fixture;
const SEEDED = 100_500;

beforeAll(async () => {
  fixture = await startFixture({ limits: { enabled: true } });
  await fixture.control('POST', '/sandbox/seed-transactions', { count: SEEDED });
}, 120_000);
afterAll(() => fixture.close());

describe('full history by cursor', () => {
  it(`reads all ${SEEDED.toLocaleString('en')}+ records once each`, { timeout: 120_000 }, async () => {
    const { api, statuses } = clientFor(fixture);
    const seen = new Set<string>();
    let previous = -1n;
    let ordered = true;
    for await (const tx of api.transactions()) {
      seen.add(tx.id);
      const id = BigInt(tx.id);
      if (id <= previous) ordered = false;
      previous = id;
    }
    expect(ordered).toBe(true);
    expect(seen.size).toBeGreaterThanOrEqual(SEEDED);
    // Every page but the last was full: ceil(n / 1000) requests, plus at most the 3 pages the
    // pipeline had in flight past the end; none refused.
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const pages = Math.floor(seen.size / 1_000) + 1;
    expect(statuses.length).toBeGreaterThanOrEqual(pages);
    expect(statuses.length).toBeLessThanOrEqual(pages + 3);
  });
});
