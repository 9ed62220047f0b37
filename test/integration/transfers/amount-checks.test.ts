// Main checks every amount it would send, whatever the form did: through the contract (as the
// renderer calls it) and straight to the handlers (as a form that skipped its checks would), an
// amount with too many decimals for its currency, zero, a negative one or no number at all is
// refused on its field, and the sandbox answers no request while it happens: nothing reaches the
// service, not even a read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationName, RequestOf } from '../../../preload/contract';
import { parseRequest } from '../../../preload/contract/requests';
import { failure, startHarness, unwrap, type Harness } from '../subaccounts/harness';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

let h: Harness;
let alpha: string;
let quoteId: string;

beforeAll(async () => {
  h = await startHarness();
  alpha = await h.idOf('sub-alpha');
  // What the forms read before a move: the currency list (kept for minutes) and a conversion quote.
  unwrap(await h.desk.core.handlers.listWalletCurrencies());
  quoteId = unwrap(await h.desk.core.handlers.getConversionQuote({ fromCurrency: 'USDT', toCurrency: 'BTC' })).quoteId;
});

afterAll(async () => {
  await h?.close();
});

type Handler<K extends OperationName> = (request: RequestOf<K>) => Promise<{ ok: true; value: unknown } | { ok: false; error: { code: string; message: string; field?: string } }>;

interface MoneyMove<K extends OperationName> {
  op: K;
  /** The request with this amount in its amount field. */
  request: (amount: string) => RequestOf<K>;
  field: string;
  /** An amount one decimal place beyond the currency's precision, and the refusal's words. */
  tooPrecise: [string, RegExp];
}

const move = <K extends OperationName>(m: MoneyMove<K>): MoneyMove<K> => m;

const MOVES = [
  move({ op: 'transferFunds', request: (amount) => ({ currency: 'USDT', amount, from: 'wallet', to: 'spot' }), field: 'amount', tooPrecise: ['1.0000001', /^USDT amounts have at most 6 decimal places$/] }),
  move({ op: 'prepareWithdrawal', request: (amount) => ({ currency: 'BTC', address: BTC_ADDRESS, amount }), field: 'amount', tooPrecise: ['0.000000001', /^BTC amounts have at most 8 decimal places$/] }),
  move({
    op: 'sendToUser', request: (amount) => ({ currency: 'USDT', amount, by: 'email', identifier: 'bob@sandbox.test', identifierAgain: 'bob@sandbox.test' }),
    field: 'amount', tooPrecise: ['1.0000001', /^USDT amounts have at most 6 decimal places$/],
  }),
  move({ op: 'convertFunds', request: (amount) => ({ fromCurrency: 'USDT', toCurrency: 'BTC', amount, quoteId }), field: 'amount', tooPrecise: ['1.0000001', /^USDT amounts have at most 6 decimal places$/] }),
  move({
    op: 'transferWithSubAccount', request: (amount) => ({ subAccountId: alpha, direction: 'toSub', currency: 'USDT', amount }),
    field: 'amount', tooPrecise: ['1.0000001', /^USDT amounts have at most 6 decimal places$/],
  }),
  move({ op: 'planSweep', request: (target) => ({ mode: 'topUp', currency: 'USDT', ids: [alpha], target }), field: 'target', tooPrecise: ['1.0000001', /^USDT amounts have at most 6 decimal places$/] }),
];

/** Replies the sandbox gave to /api/ paths so far, all statuses together. */
async function servedSoFar(): Promise<number> {
  const stats = (await h.control('GET', '/sandbox/stats')) as { responses: Record<string, number> };
  return Object.values(stats.responses).reduce((sum, n) => sum + n, 0);
}

function handlerOf<K extends OperationName>(op: K): Handler<K> {
  return (h.desk.core.handlers as unknown as Record<K, Handler<K>>)[op];
}

/** As the renderer calls it: the contract's schema first, then the handler. */
async function overContract<K extends OperationName>(op: K, request: RequestOf<K>) {
  const parsed = parseRequest(op, request);
  return parsed.ok ? handlerOf(op)(parsed.value) : parsed;
}

describe('main checks every amount it sends', () => {
  for (const m of MOVES) {
    it(`${m.op}: too many decimals, zero, negative and not a number are refused on ${m.field}, and the service sees nothing`, async () => {
      const cases: Array<[string, RegExp]> = [
        m.tooPrecise,
        ['0', /^The (amount|target) must be greater than zero$/],
        ['-1', /plain decimal number/],
        ['one', /plain decimal number/],
        ['1e3', /plain decimal number/],
      ];
      const served = await servedSoFar();
      const sent = h.desk.wire.length;
      for (const [amount, words] of cases) {
        for (const [path, call] of [['handler', handlerOf(m.op)], ['contract', (r: RequestOf<typeof m.op>) => overContract(m.op, r)]] as const) {
          const error = failure(await call(m.request(amount) as never));
          const label = `${path} ${amount}`;
          expect([error.code, error.field], label).toEqual(['VALIDATION', m.field]);
          // The contract's own shape check words it for the field; main's checks as above.
          expect(error.message, label).toMatch(path === 'contract' && /[-a-z]/.test(amount) ? /plain decimal number/ : words);
        }
      }
      expect(h.desk.wire.slice(sent)).toEqual([]);
      expect(await servedSoFar()).toBe(served);
    });
  }

  it('the same checks pass an amount within the precision on to the service, so the count above can move', async () => {
    const served = await servedSoFar();
    const result = unwrap(await h.desk.core.handlers.transferFunds({ currency: 'USDT', amount: '1.000001', from: 'wallet', to: 'spot' }));
    expect(result.state).toBe('done');
    expect(await servedSoFar()).toBeGreaterThan(served);
  });
});
