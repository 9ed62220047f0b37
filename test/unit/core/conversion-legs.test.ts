// A conversion's two legs become one entry in any list, in either order; a leg whose partner is
// missing, or whose direction is unknown, stays a row of its own instead of being guessed into one.
import { describe, expect, it } from 'vitest';
import { pairConversions, type ConversionLeg } from '../../../preload/contract/conversion-legs';

interface Leg extends ConversionLeg {
  id: string;
}

const leg = (id: string, overrides: Partial<Leg> = {}): Leg => ({ id, type: 'SWAP', operationId: 'op1', direction: 'out', ...overrides });
const shape = (list: ReturnType<typeof pairConversions<Leg>>) =>
  list.map((item) => (item.kind === 'single' ? item.entry.id : `${item.paid.id}→${item.received.id}`));

describe('conversion pairing', () => {
  it('joins the paid and received legs where the first of them stood, whichever comes first', () => {
    const paidFirst = [leg('a', { type: 'TRANSFER', operationId: null, direction: null }), leg('p'), leg('r', { direction: 'in' }), leg('z', { type: 'DEPOSIT', operationId: null, direction: 'in' })];
    expect(shape(pairConversions(paidFirst))).toEqual(['a', 'p→r', 'z']);
    const receivedFirst = [leg('r', { direction: 'in' }), leg('a', { type: 'TRANSFER', operationId: null, direction: null }), leg('p')];
    expect(shape(pairConversions(receivedFirst))).toEqual(['p→r', 'a']);
  });

  it('keeps a lone leg, legs of one direction, a third leg, and legs without an operation as single rows', () => {
    expect(shape(pairConversions([leg('p'), leg('q', { operationId: 'op2', direction: 'in' })]))).toEqual(['p', 'q']);
    expect(shape(pairConversions([leg('p'), leg('q')]))).toEqual(['p', 'q']);
    expect(shape(pairConversions([leg('p'), leg('r', { direction: 'in' }), leg('x', { direction: 'in' })]))).toEqual(['p', 'r', 'x']);
    expect(shape(pairConversions([leg('p', { operationId: null }), leg('r', { operationId: null, direction: 'in' })]))).toEqual(['p', 'r']);
    expect(shape(pairConversions([leg('p', { direction: null }), leg('r', { direction: 'in' })]))).toEqual(['p', 'r']);
    // Two operations side by side stay two conversions.
    expect(shape(pairConversions([leg('p1'), leg('p2', { operationId: 'op2' }), leg('r2', { operationId: 'op2', direction: 'in' }), leg('r1', { direction: 'in' })]))).toEqual(['p1→r1', 'p2→r2']);
  });
});
