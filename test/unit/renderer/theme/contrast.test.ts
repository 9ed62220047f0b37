// The WCAG contrast formula against values published with it (WebAIM's checker, the spec's own
// black on white), and translucent colours laid over their background first.
import { describe, expect, it } from 'vitest';
import { composite, contrastRatio, parseColor, relativeLuminance } from '../../../../renderer/src/modules/theme/contrast';

describe('parseColor', () => {
  it('reads the notations naive-ui and CSS write', () => {
    expect(parseColor('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColor('#1f7a5c')).toEqual({ r: 31, g: 122, b: 92, a: 1 });
    expect(parseColor('#0000')).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    expect(parseColor('#ffffff80').a).toBeCloseTo(0.502, 3);
    expect(parseColor('rgb(31, 34, 37)')).toEqual({ r: 31, g: 34, b: 37, a: 1 });
    expect(parseColor('rgba(255, 255, 255, .82)')).toEqual({ r: 255, g: 255, b: 255, a: 0.82 });
  });

  it('refuses what it cannot read rather than guessing', () => {
    expect(() => parseColor('green')).toThrow(/Not a colour/);
    expect(() => parseColor('#12345')).toThrow(/Not a colour/);
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1f7a5c', '#1f7a5c')).toBeCloseTo(1, 5);
  });

  it('matches the published figures either way round', () => {
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#777777')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#858688', '#ffffff')).toBeCloseTo(3.64, 2);
    expect(contrastRatio('#18a058', '#dbede6')).toBeCloseTo(2.78, 2);
  });

  it('lays a translucent text over its background, and a translucent background over the backdrop', () => {
    // white at 52% on naive-ui's dark page reads like #8a8a8c
    const seen = composite(parseColor('rgba(255, 255, 255, 0.52)'), parseColor('#101014'));
    expect(contrastRatio('rgba(255, 255, 255, 0.52)', '#101014')).toBeCloseTo(contrastRatio(`rgb(${seen.r}, ${seen.g}, ${seen.b})`, '#101014'), 5);
    expect(contrastRatio('#000', 'rgba(0, 0, 0, 0)', '#ffffff')).toBeCloseTo(21, 5);
    expect(relativeLuminance(parseColor('#fff'))).toBeCloseTo(1, 5);
  });
});
