// A spot trade in the history table: its paid and received legs read as one row like a
// conversion's, its fee stays a line of its own (found next to either leg for the drawer), the
// trade's terms come from the legs' comment, and its codes read as words.
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../../preload/contract/history';
import { conversionAt, conversionText } from '../../../../renderer/src/modules/history/history-conversions';
import { isTradeFee, tradeFeeNear, tradeKind, tradeTerms } from '../../../../renderer/src/modules/history/history-trades';
import { subtypeWords, typeWords } from '../../../../renderer/src/modules/history/history-words';
import { entry } from './fixtures';

const leg = (id: number, tradeId: string, suffix: 'out' | 'in' | 'fee', currency: string, amount: string, direction: 'in' | 'out' = suffix === 'in' ? 'in' : 'out'): HistoryEntry => ({
  ...entry(id),
  id: `trade-${tradeId}-${suffix}`, type: 'TRADE', subtype: suffix === 'fee' ? 'TRADE_FEE' : 'SPOT_BUY', direction, currency, amount,
  operationId: `trade-${tradeId}`, operationType: suffix === 'out' ? 'withdraw' : suffix === 'in' ? 'deposit' : 'fee',
  txId: tradeId, comment: 'buy 0.5 BTCUSDT at 64000.00', fee: null,
});
const trade = (tradeId: string) => [leg(1, tradeId, 'out', 'USDT', '32000'), leg(2, tradeId, 'in', 'BTC', '0.5'), leg(3, tradeId, 'fee', 'USDT', '80')];
const at = (rows: HistoryEntry[]) => (index: number) => rows[index];
const roles = (rows: HistoryEntry[]) => rows.map((_, i) => conversionAt(i, at(rows))?.role ?? null);
const signed = (row: HistoryEntry) => `${row.direction === 'out' ? '−' : '+'}${row.amount}`;

describe('spot trades in the history table', () => {
  it('joins the paid and received legs into one row and leaves the fee a line of its own', () => {
    const rows = [entry(9), ...trade('7'), ...trade('6')];
    expect(roles(rows)).toEqual([null, 'whole', 'otherLeg', null, 'whole', 'otherLeg', null]);
    const whole = conversionAt(1, at(rows));
    expect(whole && conversionText(whole, signed)).toBe('−32000 USDT → +0.5 BTC');
    expect(rows.map(isTradeFee)).toEqual([false, false, false, true, false, false, true]);
  });

  it('finds the fee line next to either leg, and only its own trade’s', () => {
    const rows = [...trade('7'), ...trade('6')];
    expect(tradeFeeNear(0, at(rows))?.id).toBe('trade-7-fee');
    expect(tradeFeeNear(1, at(rows))?.id).toBe('trade-7-fee');
    expect(tradeFeeNear(3, at(rows))?.id).toBe('trade-6-fee');
    const noFee = [leg(1, '5', 'out', 'USDT', '1'), leg(2, '5', 'in', 'BTC', '0.1'), ...trade('4')];
    expect(tradeFeeNear(0, at(noFee))).toBeNull();
  });

  it('reads the trade’s terms from its comment, and its codes as words', () => {
    expect(tradeTerms(leg(1, '7', 'out', 'USDT', '32000'))).toEqual({ side: 'buy', quantity: '0.5', symbol: 'BTCUSDT', price: '64000.00' });
    expect(tradeTerms(entry(1, { comment: 'buy 0.5 BTCUSDT at 64000.00' }))).toBeNull();
    expect(tradeTerms({ type: 'TRADE', comment: 'something else' })).toBeNull();
    expect(typeWords('TRADE')).toBe('Trade');
    expect(['SPOT_BUY', 'SPOT_SELL', 'TRADE_FEE'].map(subtypeWords)).toEqual(['Spot buy', 'Spot sell', 'Trade fee']);
    const [paid, , fee] = trade('7');
    expect(tradeKind(paid as HistoryEntry, 'Trade', 'Spot buy')).toBe('Trade · Spot buy');
    expect(tradeKind(fee as HistoryEntry, 'Trade', 'Trade fee')).toBe('Trade fee');
  });
});
