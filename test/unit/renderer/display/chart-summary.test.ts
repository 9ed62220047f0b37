// The words that stand in for a chart: from the values drawn, first and last, lowest and highest
// with their labels; days with nothing drawn skipped; flows by their largest bar each way.
import { describe, expect, it } from 'vitest';
import { flowsSummary, seriesSummary } from '../../../../renderer/src/modules/display/chart-summary';

describe('seriesSummary', () => {
  it('names the span, the first and last values and the extremes with their labels', () => {
    const text = seriesSummary({ what: 'Net worth in EUR', labels: ['1 Nov', '2 Nov', '3 Nov', '4 Nov'], values: [100, null, 80, 1250.5] });
    expect(text).toBe('Net worth in EUR, 3 points from 1 Nov to 4 Nov: first 100, last 1,250.5, lowest 80 (3 Nov), highest 1,250.5 (4 Nov).');
  });

  it('says when nothing is drawn, and reads one point on its own', () => {
    expect(seriesSummary({ what: 'Amount', labels: ['1 Nov'], values: [null] })).toBe('Amount: nothing drawn.');
    expect(seriesSummary({ what: 'Amount', labels: ['1 Nov'], values: [2], format: (v) => v.toFixed(2) })).toBe('Amount, 1 point: 2.00 (1 Nov).');
  });
});

describe('flowsSummary', () => {
  it('gives the span and the largest bar in and out, as the chart formats them', () => {
    const ins = [{ value: 1, formatted: '+1.0' }, { value: 3, formatted: '+3.0' }];
    const outs = [{ value: -0.5, formatted: '−0.5' }, { value: 0, formatted: '0.0' }];
    expect(flowsSummary('Flows per day in BTC', ['1 Nov', '2 Nov'], ins, outs)).toBe(
      'Flows per day in BTC, 2 periods from 1 Nov to 2 Nov. Largest in: +3.0 (2 Nov). Largest out: −0.5 (1 Nov).',
    );
  });

  it('says when a way saw no money, and when nothing moved at all', () => {
    expect(flowsSummary('Flows', ['1 Nov'], [{ value: 2, formatted: '+2' }], [{ value: 0, formatted: '0' }])).toBe('Flows, 1 period, 1 Nov. Largest in: +2 (1 Nov). No money out.');
    expect(flowsSummary('Flows', [], [], [])).toBe('Flows: no money moved.');
  });
});
