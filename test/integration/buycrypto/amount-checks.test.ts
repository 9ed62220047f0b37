// A buy order's amount is checked by main whatever the form did: through the contract and straight
// to the handler, too many decimals for the currency paid, zero, a negative amount or no number at
// all is refused on `amount` (not taken for a quote of other terms), and the sandbox answers no
// request while it happens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuyOrderInput, BuyQuoteRow } from '../../../preload/contract';
import { parseRequest } from '../../../preload/contract/requests';
import { failure, startHarness, type Harness } from './harness';

let h: Harness;
let row: BuyQuoteRow;

beforeAll(async () => {
  h = await startHarness();
  const board = await h.scope.buyCrypto.quote({ source: 'EUR', target: 'BTC', side: 'pay', amount: '60' });
  const found = board.rows.find((r) => r.methodId === '101' && r.quoteId !== null);
  if (found === undefined) throw new Error('no quote for method 101');
  row = found;
});

afterAll(async () => {
  await h?.close();
});

const order = (amount: string): BuyOrderInput => ({
  quote: row.quoteId ?? '', providerId: row.providerId, methodId: row.methodId, source: 'EUR', target: 'BTC', network: row.network ?? '', amount,
});

async function servedSoFar(): Promise<number> {
  const stats = (await h.control('GET', '/sandbox/stats')) as { responses: Record<string, number> };
  return Object.values(stats.responses).reduce((sum, n) => sum + n, 0);
}

describe('createBuyOrder checks its amount in main', () => {
  it('refuses too many decimals, zero, negative and not a number on amount, and the service sees nothing', async () => {
    const cases: Array<[string, RegExp]> = [
      ['60.001', /^EUR amounts have at most 2 decimal places$/],
      ['0', /^The amount must be greater than zero$/],
      ['-60', /plain decimal number/],
      ['sixty', /plain decimal number/],
    ];
    const served = await servedSoFar();
    const sent = h.wire.length;
    for (const [amount, words] of cases) {
      const direct = failure(await h.handlers.createBuyOrder(order(amount)));
      expect([direct.code, direct.field, direct.message], amount).toEqual(['VALIDATION', 'amount', expect.stringMatching(words)]);
      const parsed = parseRequest('createBuyOrder', order(amount));
      const viaContract = failure(parsed.ok ? await h.handlers.createBuyOrder(parsed.value) : parsed);
      expect([viaContract.code, viaContract.field], amount).toEqual(['VALIDATION', 'amount']);
    }
    expect(h.wire.slice(sent)).toEqual([]);
    expect(await servedSoFar()).toBe(served);
  });
});
