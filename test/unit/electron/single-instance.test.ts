// A second launch brings the running window forward: restored when minimised, shown when hidden,
// focused always; with no window left, the caller is told to open one.
import { describe, expect, it } from 'vitest';
import { bringForward, type FocusableWindow } from '../../../main/electron/single-instance';

function windowThat(state: { minimized?: boolean; visible?: boolean; destroyed?: boolean }): FocusableWindow & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    isDestroyed: () => state.destroyed ?? false,
    isMinimized: () => state.minimized ?? false,
    isVisible: () => state.visible ?? true,
    restore: () => void calls.push('restore'),
    show: () => void calls.push('show'),
    focus: () => void calls.push('focus'),
  };
}

describe('bringForward', () => {
  it('restores a minimised window before focusing it', () => {
    const window = windowThat({ minimized: true });
    expect(bringForward(window)).toBe(true);
    expect(window.calls).toEqual(['restore', 'focus']);
  });

  it('shows a hidden window before focusing it', () => {
    const window = windowThat({ visible: false });
    expect(bringForward(window)).toBe(true);
    expect(window.calls).toEqual(['show', 'focus']);
  });

  it('only focuses a window already on screen', () => {
    const window = windowThat({});
    expect(bringForward(window)).toBe(true);
    expect(window.calls).toEqual(['focus']);
  });

  it('reports that there is no window to bring when none is open or it was destroyed', () => {
    expect(bringForward(undefined)).toBe(false);
    const destroyed = windowThat({ destroyed: true, minimized: true });
    expect(bringForward(destroyed)).toBe(false);
    expect(destroyed.calls).toEqual([]);
  });
});
