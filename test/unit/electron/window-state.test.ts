// The window's memory: a saved file that cannot be trusted means defaults (never a failed start),
// saved bounds are used only where a connected display shows the whole window, saving waits for a
// pause in dragging and happens at once on close, and a write never leaves half a file.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  debounce,
  DEFAULT_SIZE,
  parseWindowState,
  placeWindow,
  readWindowState,
  rememberWindow,
  serializeWindowState,
  WINDOW_STATE_FILE,
  writeWindowState,
  type Rect,
  type WindowState,
} from '../../../main/electron/window-state';
import { FakeEmitter } from './fake-electron';

const saved: WindowState = { bounds: { x: 100, y: 80, width: 1400, height: 900 }, maximized: false };
const laptop: Rect = { x: 0, y: 0, width: 1920, height: 1040 };
const rightMonitor: Rect = { x: 1920, y: 0, width: 2560, height: 1400 };

describe('parseWindowState', () => {
  it('reads back what was saved', () => {
    expect(parseWindowState(serializeWindowState(saved))).toEqual(saved);
    expect(parseWindowState(serializeWindowState({ ...saved, maximized: true }))).toEqual({ ...saved, maximized: true });
  });

  it.each([
    ['no file', null],
    ['an empty file', ''],
    ['half a file', serializeWindowState(saved).slice(0, 20)],
    ['not an object', '[1,2,3]'],
    ['null', 'null'],
    ['no maximised flag', JSON.stringify({ bounds: saved.bounds })],
    ['a size in text', JSON.stringify({ bounds: { ...saved.bounds, width: '1400' }, maximized: false })],
    ['a fractional position', JSON.stringify({ bounds: { ...saved.bounds, x: 10.5 }, maximized: false })],
    ['an enormous number', JSON.stringify({ bounds: { ...saved.bounds, width: 1e300 }, maximized: false })],
    ['a size below the minimum', JSON.stringify({ bounds: { ...saved.bounds, width: 200 }, maximized: false })],
  ])('gives no state for %s', (_name, text) => {
    expect(parseWindowState(text)).toBeNull();
  });
});

describe('placeWindow', () => {
  it('restores bounds a connected display holds whole, maximised or not', () => {
    expect(placeWindow(saved, [laptop], laptop)).toEqual({ bounds: saved.bounds, maximized: false });
    const onRight = { bounds: { x: 2000, y: 50, width: 1600, height: 1000 }, maximized: true };
    expect(placeWindow(onRight, [laptop, rightMonitor], laptop)).toEqual(onRight);
  });

  it('centres at the default size when the display it was on is gone', () => {
    const onRight = { bounds: { x: 2000, y: 50, width: 1600, height: 1000 }, maximized: true };
    expect(placeWindow(onRight, [laptop], laptop)).toEqual({ size: DEFAULT_SIZE, maximized: false });
  });

  it('centres at the default size when the window would reach off screen or under a taskbar', () => {
    expect(placeWindow({ ...saved, bounds: { ...saved.bounds, y: 200 } }, [laptop], laptop)).toEqual({ size: DEFAULT_SIZE, maximized: false });
    expect(placeWindow({ ...saved, bounds: { ...saved.bounds, x: -50 } }, [laptop], laptop)).toEqual({ size: DEFAULT_SIZE, maximized: false });
    // Straddling two displays fits neither whole.
    expect(placeWindow({ ...saved, bounds: { ...saved.bounds, x: 1000 } }, [laptop, rightMonitor], laptop)).toEqual({ size: DEFAULT_SIZE, maximized: false });
  });

  it('opens at the default size with no memory, shrunk to a small primary display but not below the minimum', () => {
    expect(placeWindow(null, [laptop], laptop)).toEqual({ size: DEFAULT_SIZE, maximized: false });
    const small: Rect = { x: 0, y: 0, width: 1024, height: 740 };
    expect(placeWindow(null, [small], small)).toEqual({ size: { width: 1024, height: 740 }, maximized: false });
    const tiny: Rect = { x: 0, y: 0, width: 800, height: 560 };
    expect(placeWindow(null, [tiny], tiny)).toEqual({ size: { width: 960, height: 600 }, maximized: false });
    expect(placeWindow(saved, [], undefined)).toEqual({ size: DEFAULT_SIZE, maximized: false });
  });
});

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once after the calls pause, flushes a waiting call, and cancels', () => {
    const action = vi.fn();
    const later = debounce(action, 500);
    later.call();
    vi.advanceTimersByTime(400);
    later.call();
    vi.advanceTimersByTime(400);
    expect(action).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(action).toHaveBeenCalledTimes(1);
    later.flush();
    expect(action).toHaveBeenCalledTimes(1);
    later.call();
    later.flush();
    expect(action).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(action).toHaveBeenCalledTimes(2);
    later.call();
    later.cancel();
    vi.advanceTimersByTime(1000);
    expect(action).toHaveBeenCalledTimes(2);
  });
});

class FakeWindow extends FakeEmitter {
  bounds: Rect = { ...saved.bounds };
  maximized = false;
  minimized = false;
  fullScreen = false;
  getNormalBounds = () => ({ ...this.bounds });
  isMaximized = () => this.maximized;
  isMinimized = () => this.minimized;
  isFullScreen = () => this.fullScreen;
}

describe('rememberWindow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once after a drag pauses, and at once on close', () => {
    const window = new FakeWindow();
    const save = vi.fn();
    rememberWindow(window, save, 500);
    for (let step = 1; step <= 5; step += 1) {
      window.bounds = { ...window.bounds, x: 100 + step * 10 };
      window.fire('move');
      vi.advanceTimersByTime(100);
    }
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(save.mock.calls).toEqual([[{ bounds: { ...saved.bounds, x: 150 }, maximized: false }]]);
    window.maximized = true;
    window.fire('maximize');
    window.fire('close');
    expect(save).toHaveBeenLastCalledWith({ bounds: { ...saved.bounds, x: 150 }, maximized: true });
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('keeps the last state when the window closes minimised or full screen', () => {
    const window = new FakeWindow();
    const save = vi.fn();
    rememberWindow(window, save, 500);
    window.minimized = true;
    window.fire('resize');
    vi.advanceTimersByTime(1000);
    window.fire('close');
    window.minimized = false;
    window.fullScreen = true;
    window.fire('close');
    expect(save).not.toHaveBeenCalled();
  });
});

describe('the window state file', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'coffer-window-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is written whole and read back, leaving no temporary file', () => {
    expect(readWindowState(dir)).toBeNull();
    expect(writeWindowState(dir, saved)).toBe(true);
    expect(readWindowState(dir)).toEqual(saved);
    expect(readdirSync(dir)).toEqual([WINDOW_STATE_FILE]);
  });

  it('reads a corrupt file as no memory', () => {
    writeFileSync(join(dir, WINDOW_STATE_FILE), '{"bounds": {"x": 1');
    expect(readWindowState(dir)).toBeNull();
  });

  it('reports a failed write without throwing and keeps the previous file whole', () => {
    writeWindowState(dir, saved);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // The temporary file's name taken by a folder: the write fails mid-way, like a full disk would.
    mkdirSync(join(dir, `${WINDOW_STATE_FILE}.${process.pid}.tmp`));
    expect(writeWindowState(dir, { ...saved, maximized: true })).toBe(false);
    expect(warn).toHaveBeenCalled();
    expect(readFileSync(join(dir, WINDOW_STATE_FILE), 'utf8')).toBe(serializeWindowState(saved));
    expect(writeWindowState(join(dir, WINDOW_STATE_FILE), saved)).toBe(false);
    warn.mockRestore();
  });
});
