// The review's manifest facts of a history export with values: the valuation currency, how many
// rows had no price, and (on hover) the rule, source, candles and when they were read.
import { describe, expect, it } from 'vitest';
import { manifestFacts } from '../../../../renderer/src/modules/review/review-words';
import { report } from './fixtures';

describe('the manifest facts of a valued history export', () => {
  const base = report().manifest!;
  const valuation = {
    currency: 'EUR', source: 'GET /public/price/history', rule: 'amount × close', readAt: '2025-03-04T05:06:07.000Z', unpricedRows: 3,
    series: [
      { currency: 'BTC', pair: 'BTC/EUR', period: 'D1', first: '2025-03-01T00:00:00.000Z', last: '2025-03-03T00:00:00.000Z', candles: 3 },
      { currency: 'BTC', pair: 'BTC/EUR', period: 'H1', first: '2025-03-04T00:00:00.000Z', last: '2025-03-04T05:00:00.000Z', candles: 6 },
    ],
  };

  it('say the currency and the rows left unpriced, with the source and candles on hover', () => {
    const fact = manifestFacts({ ...base, valuation }).find((f) => f.label === 'Values');
    expect(fact?.value).toBe("In EUR at each row's time, 3 rows without a price");
    expect(fact?.title).toBe('amount × close. Prices from GET /public/price/history (BTC/EUR D1 + H1), read 2025-03-04 05:06:07 UTC');
  });

  it('say nothing of values for an export made before rows carried them', () => {
    expect(manifestFacts(base).some((f) => f.label === 'Values')).toBe(false);
  });
});
