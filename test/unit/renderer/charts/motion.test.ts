// Charts are drawn still when the system asks for reduced motion, and follow the setting as it changes.
import { afterEach, describe, expect, it } from 'vitest';
import { resetReducedMotionForTests, usePrefersReducedMotion, withReducedMotion } from '../../../../renderer/src/modules/charts/motion';
import { buildHoldingsChartOption } from '../../../../renderer/src/modules/wallet/use-holdings-chart-config';

function fakeWindow(matches: boolean) {
  let listener: ((event: { matches: boolean }) => void) | null = null;
  const query = {
    matches,
    addEventListener: (_type: string, handler: (event: { matches: boolean }) => void) => (listener = handler),
  };
  return {
    win: { matchMedia: (text: string) => (text === '(prefers-reduced-motion: reduce)' ? query : { matches: false, addEventListener: () => undefined }) } as unknown as Window,
    change: (next: boolean) => listener?.({ matches: next }),
  };
}

afterEach(() => resetReducedMotionForTests());

describe('withReducedMotion', () => {
  const option = buildHoldingsChartOption([{ label: 'BTC', percent: '100', value: '1' }], (value) => value, { text: '#000', background: '#fff' });

  it('turns the animation off under reduced motion and keeps the rest of the option', () => {
    const still = withReducedMotion(option, true) as typeof option & { animation?: boolean };
    expect(still.animation).toBe(false);
    expect(still.series).toBe(option.series);
  });

  it('leaves the option as it is otherwise', () => {
    expect(withReducedMotion(option, false)).toBe(option);
    expect('animation' in withReducedMotion(option, false)).toBe(false);
  });
});

describe('usePrefersReducedMotion', () => {
  it('reads the media query and follows its changes', () => {
    const { win, change } = fakeWindow(true);
    const reduced = usePrefersReducedMotion(win);
    expect(reduced.value).toBe(true);
    change(false);
    expect(reduced.value).toBe(false);
  });

  it('is false where there is no media query to ask', () => {
    expect(usePrefersReducedMotion({} as Window).value).toBe(false);
  });
});
