// The quote board and the order list as they read: figures in each currency's precision, the
// difference from spot signed, usable offers first with the best one first, an order's update
// replacing it in place and never undoing what an event already said.
import { describe, expect, it } from 'vitest';
import { boardLines, vsSpotText } from '../../../../renderer/src/modules/buycrypto/buy-board';
import { arrivalNotice, mergeOrders, withOrder } from '../../../../renderer/src/modules/buycrypto/buy-order-rows';
import { OPTIONS, board, order, row } from './fixtures';

describe('quote board lines', () => {
  it('formats each offer in its currencies’ precision with its limits and the difference from spot', () => {
    const [line] = boardLines(board([row('102', { pay: '1234.5', receive: '0.0225', price: '54866.67', vsSpot: '-0.00245', best: true })]));
    expect(line).toMatchObject({
      provider: 'Sandbox Pay', method: 'SEPA transfer', network: 'BTC', pay: '1,234.50 EUR', receive: '0.02250000 BTC',
      price: '54,866.67 EUR', vsSpot: '−0.25 %', limits: '50 – 50,000 EUR', usable: true,
    });
  });

  it('lists usable offers first, the best one first, then the most crypto for the money; the unusable ones keep their reason', () => {
    const lines = boardLines(board([
      row('101', { receive: '0.00176' }),
      row('201', { quoteId: null, pay: null, receive: null, price: null, vsSpot: null, problem: 'Minimum 10 EUR with Apple Pay' }),
      row('102', { receive: '0.00181', best: true }),
    ]));
    expect(lines.map((l) => [l.row.methodId, l.usable, l.row.best])).toEqual([['102', true, true], ['101', true, false], ['201', false, false]]);
    expect(lines[2]).toMatchObject({ pay: '—', receive: '—', vsSpot: null });
  });

  it('on the receive side puts the least money first after the best', () => {
    const lines = boardLines(board([row('101', { pay: '103.50' }), row('201', { pay: '101.00' }), row('102', { pay: '102.00' })], { side: 'receive', amount: '0.0018' }));
    expect(lines.map((l) => l.row.methodId)).toEqual(['201', '102', '101']);
  });

  it('signs the difference from spot', () => {
    expect(vsSpotText('0.0362')).toBe('+3.62 %');
    expect(vsSpotText('0')).toBe('0.00 %');
    expect(vsSpotText(null)).toBeNull();
  });
});

describe('order rows', () => {
  it('keeps the newest first and replaces an updated order in place', () => {
    const older = order('1', { createdAt: '2026-11-24T09:00:00.000Z' });
    const newer = order('2', { createdAt: '2026-11-24T10:00:00.000Z' });
    const list = withOrder([older], newer);
    expect(list.map((o) => o.id)).toEqual(['2', '1']);
    const paid = withOrder(list, { ...older, status: 'in_progress', statusText: 'Paid' });
    expect(paid.map((o) => [o.id, o.status])).toEqual([['2', 'initial'], ['1', 'in_progress']]);
  });

  it('does not let a slower list read undo a completed order an event announced', () => {
    const done = order('1', { status: 'completed', open: false, deposit: { transactionId: 't1', amount: '0.00123', currency: 'BTC', network: 'BTC', hash: null, at: '', matchedBy: 'operationId' } });
    const merged = mergeOrders([done], [order('1'), order('2', { createdAt: '2026-11-24T11:00:00.000Z' })]);
    expect(merged.map((o) => [o.id, o.status])).toEqual([['2', 'initial'], ['1', 'completed']]);
  });

  it('says what arrived, from whom, in plain words', () => {
    const done = order('12', { receive: '0.00123000', status: 'completed', open: false });
    expect(arrivalNotice(done, OPTIONS.precision)).toEqual({ title: 'Coins arrived', body: '0.00123000 BTC from Sandbox Pay (order 12) are in your wallet' });
  });
});
