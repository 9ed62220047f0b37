// A conversion in the history table: the first of its two adjacent legs reads as the whole
// conversion, the second as that row's other leg, in either order of the legs; a leg whose partner
// is not next to it stays a plain row.
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../../preload/contract/history';
import { conversionAt, conversionText } from '../../../../renderer/src/modules/history/history-conversions';
import { entry } from './fixtures';

const paid = (id: number, operationId = 'op1') => entry(id, { type: 'SWAP', subtype: 'INSTANT_EXCHANGE', direction: 'out', currency: 'USDT', amount: '25.37', operationId, operationType: 'withdraw' });
const received = (id: number, operationId = 'op1') => entry(id, { type: 'SWAP', subtype: 'INSTANT_EXCHANGE', direction: 'in', currency: 'BTC', amount: '0.0004134', operationId, operationType: 'deposit' });
const at = (rows: HistoryEntry[]) => (index: number) => rows[index];
const roles = (rows: HistoryEntry[]) => rows.map((_, i) => conversionAt(i, at(rows))?.role ?? null);
const signed = (leg: HistoryEntry) => `${leg.direction === 'out' ? '−' : '+'}${leg.amount}`;

describe('conversions in the history table', () => {
  it('reads the first of two adjacent legs as the whole conversion, paid then received, in either order', () => {
    const rows = [entry(1), received(3), paid(2), entry(4)];
    expect(roles(rows)).toEqual([null, 'whole', 'otherLeg', null]);
    const whole = conversionAt(1, at(rows));
    expect(whole && conversionText(whole, signed)).toBe('−25.37 USDT → +0.0004134 BTC');
    const flipped = [paid(2), received(3)];
    expect(roles(flipped)).toEqual(['whole', 'otherLeg']);
    expect(conversionText(conversionAt(1, at(flipped)) ?? { paid: entry(0), received: entry(0) }, signed)).toBe('−25.37 USDT → +0.0004134 BTC');
  });

  it('leaves a leg alone when its partner is not next to it or not read yet, and keeps two conversions apart', () => {
    expect(roles([paid(1), entry(2), received(3)])).toEqual([null, null, null]);
    expect(roles([paid(1)])).toEqual([null]);
    const unread = [paid(1), undefined] as unknown as HistoryEntry[];
    expect(conversionAt(0, at(unread))).toBeNull();
    expect(roles([paid(1, 'a'), received(2, 'a'), paid(3, 'b'), received(4, 'b')])).toEqual(['whole', 'otherLeg', 'whole', 'otherLeg']);
    expect(roles([paid(1, 'a'), received(2, 'b')])).toEqual([null, null]);
  });
});
