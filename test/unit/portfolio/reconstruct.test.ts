// The reconstruction's arithmetic and its counting rule on a hand-written history: holdings at
// each day's close worked out by hand (18-decimal amounts included), values at hand-picked closes,
// a day without a price, a run below zero, and the entries that must not count.
import { describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import { reconstruct, type Closes, type DailyDeltas } from '../../../main/core/portfolio/reconstruct';
import { countedWhere, isCounted } from '../../../main/core/portfolio/rules';

const D = 20_000; // 2024-10-04
const dec = (text: string) => new Decimal(text);
const deltas = (entries: Record<number, Record<string, string>>): DailyDeltas =>
  new Map(Object.entries(entries).map(([day, byCurrency]) => [Number(day), new Map(Object.entries(byCurrency).map(([c, v]) => [c, dec(v)]))]));
const closes = (entries: Record<string, Record<number, string>>): Closes =>
  new Map(Object.entries(entries).map(([currency, byDay]) => [currency, new Map(Object.entries(byDay).map(([day, v]) => [Number(day), dec(v)]))]));
const text = (value: Decimal | null | undefined) => (value === null || value === undefined ? null : value.toFixed());

describe('reconstruct', () => {
  // Today (D+3): 1.5 BTC, 2.000000000000000001 ETH, 100 USDT.
  // D+3: +0.5 BTC (so 1 BTC at the close of D+2); D+2: −0.000000000000000001 ETH (a fee);
  // D+1: +2 ETH; D+1: −50 USDT.
  const input = {
    firstDay: D,
    lastDay: D + 3,
    today: new Map([['BTC', dec('1.5')], ['ETH', dec('2.000000000000000001')], ['USDT', dec('100')]]),
    deltas: deltas({ [D + 3]: { BTC: '0.5' }, [D + 2]: { ETH: '-0.000000000000000001' }, [D + 1]: { ETH: '2', USDT: '-50' } }),
    closes: closes({
      BTC: { [D]: '60000', [D + 1]: '61000.5', [D + 2]: '59999.99', [D + 3]: '62000' },
      ETH: { [D]: '3000', [D + 1]: '3000.123456789', [D + 2]: '2999', [D + 3]: '3100' },
    }),
    valuationCurrency: 'USDT',
  };

  it('takes today\'s holdings back through each day\'s deltas, exactly', () => {
    const result = reconstruct(input);
    const table = result.days.map((day) => [day.day - D, ...['BTC', 'ETH', 'USDT'].map((c) => text(day.holdings.get(c)))]);
    expect(table).toEqual([
      [0, '1', '0.000000000000000002', '150'],
      [1, '1', '2.000000000000000002', '100'],
      [2, '1', '2.000000000000000001', '100'],
      [3, '1.5', '2.000000000000000001', '100'],
    ]);
    expect(result.currencies).toEqual(['BTC', 'ETH', 'USDT']);
    expect(result.negative).toEqual([]);
    expect(result.noPrice).toEqual([]);
  });

  it('values each day at that day\'s closes, the valuation currency at 1', () => {
    const values = reconstruct(input).days.map((day) => text(day.value));
    expect(values).toEqual([
      // 60000 + 0.000000000000000002 × 3000 + 150
      '60150.000000000000006',
      // 61000.5 + 2.000000000000000002 × 3000.123456789 + 100
      '67100.746913578000006000246913578',
      // 59999.99 + 2.000000000000000001 × 2999 + 100
      '66097.990000000000002999',
      // 1.5 × 62000 + 2.000000000000000001 × 3100 + 100
      '99300.0000000000000031',
    ]);
  });

  it('leaves a currency without a close out of the value and names it; null when nothing held has a price', () => {
    const noEth = { ...input, closes: closes({ BTC: { [D]: '60000', [D + 1]: '61000.5', [D + 3]: '62000' } }) };
    const result = reconstruct(noEth);
    expect(result.days.map((day) => day.unpriced)).toEqual([['ETH'], ['ETH'], ['BTC', 'ETH'], ['ETH']]);
    expect(result.days.map((day) => text(day.value))).toEqual(['60150', '61100.5', '100', '93100']);
    expect(result.noPrice).toEqual([
      { currency: 'BTC', fromDay: D + 2, tillDay: D + 2 },
      { currency: 'ETH', fromDay: D, tillDay: D + 3 },
    ]);
    const onlyBtc = reconstruct({ ...noEth, today: new Map([['BTC', dec('1')]]), deltas: new Map() });
    expect(onlyBtc.days.map((day) => text(day.value))).toEqual(['60000', '61000.5', null, '62000']);
  });

  it('keeps a holding below zero and reports the run of days', () => {
    // 0.3 BTC today, 1 BTC deposited on D+2: −0.7 BTC before it (a spot purchase the history does not show).
    const result = reconstruct({ ...input, today: new Map([['BTC', dec('0.3')]]), deltas: deltas({ [D + 2]: { BTC: '1' } }) });
    expect(result.days.map((day) => text(day.holdings.get('BTC')))).toEqual(['-0.7', '-0.7', '0.3', '0.3']);
    expect(result.days.map((day) => text(day.value))).toEqual(['-42000', '-42700.35', '17999.997', '18600']);
    expect(result.negative).toEqual([{ currency: 'BTC', fromDay: D, tillDay: D + 1 }]);
  });

  it('subtracts entries dated after the last day too, and leaves out currencies held on no day', () => {
    const result = reconstruct({
      ...input, firstDay: D + 1, lastDay: D + 2, today: new Map([['BTC', dec('2')], ['XRP', dec('0')]]),
      deltas: deltas({ [D + 3]: { BTC: '0.5' }, [D + 1]: { BTC: '1' }, [D]: { ETH: '5' } }),
    });
    expect(result.days.map((day) => text(day.holdings.get('BTC')))).toEqual(['1.5', '1.5']);
    expect(result.currencies).toEqual(['BTC']);
  });
});

describe('what counts', () => {
  const entry = (type: string, subtype: string, status: string) => ({ type, subtype, status });

  it('counts SUCCESS only, skips moves inside wallet + spot, and moves with sub-accounts for the whole', () => {
    expect(isCounted(entry('DEPOSIT', 'BLOCKCHAIN', 'SUCCESS'), 'master')).toBe(true);
    expect(isCounted(entry('WITHDRAW', 'BLOCKCHAIN', 'SUCCESS'), 'master')).toBe(true);
    expect(isCounted(entry('SWAP', 'INSTANT_EXCHANGE', 'SUCCESS'), 'master')).toBe(true);
    expect(isCounted(entry('TRANSFER', 'WALLET_TO_DERIVATIVES', 'SUCCESS'), 'master')).toBe(true);
    for (const status of ['CREATED', 'PENDING', 'FAILED', 'ROLLED_BACK']) expect(isCounted(entry('WITHDRAW', 'BLOCKCHAIN', status), 'master')).toBe(false);
    for (const subtype of ['WALLET_TO_SPOT', 'SPOT_TO_WALLET']) {
      expect(isCounted(entry('TRANSFER', subtype, 'SUCCESS'), 'master')).toBe(false);
      expect(isCounted(entry('TRANSFER', subtype, 'SUCCESS'), 'all')).toBe(false);
    }
    expect(isCounted(entry('WITHDRAW', 'SUB_ACCOUNT', 'SUCCESS'), 'master')).toBe(true);
    expect(isCounted(entry('DEPOSIT', 'SUB_ACCOUNT', 'SUCCESS'), 'master')).toBe(true);
    expect(isCounted(entry('WITHDRAW', 'SUB_ACCOUNT', 'SUCCESS'), 'all')).toBe(false);
    expect(isCounted(entry('DEPOSIT', 'SUB_ACCOUNT', 'SUCCESS'), 'all')).toBe(false);
  });

  it('says the same in SQL', () => {
    expect(countedWhere('master')).not.toMatch(/SUB_ACCOUNT/);
    expect(countedWhere('all')).toMatch(/subtype <> 'SUB_ACCOUNT'/);
  });
});
