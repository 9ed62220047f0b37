// The main window's size and position across launches, as plain functions (no Electron import)
// so they are tested under Node: reading the saved file (anything unreadable means "no memory",
// never a failed start), placing the window only where a connected display still shows all of it,
// and saving at most once per pause while the window is dragged or resized.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const WINDOW_STATE_FILE = 'window-state.json';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  /** The window's bounds when not maximised (Electron's normal bounds). */
  bounds: Rect;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1280, height: 820 } as const;
export const MIN_SIZE = { width: 960, height: 600 } as const;

/** Where to open the window: saved bounds, or only a size (Electron centres a window given no position). */
export type Placement = { bounds: Rect; maximized: boolean } | { size: { width: number; height: number }; maximized: false };

/** The saved state, or null when there is none or it cannot be trusted (corrupt, hand-edited, from another version). */
export function parseWindowState(text: string | null): WindowState | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { bounds, maximized } = value as { bounds?: unknown; maximized?: unknown };
  if (typeof maximized !== 'boolean' || !isRect(bounds)) return null;
  if (bounds.width < MIN_SIZE.width || bounds.height < MIN_SIZE.height) return null;
  return { bounds: { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height }, maximized };
}

export function serializeWindowState(state: WindowState): string {
  return `${JSON.stringify(state)}\n`;
}

function isRect(value: unknown): value is Rect {
  if (typeof value !== 'object' || value === null) return false;
  const rect = value as Record<string, unknown>;
  return ['x', 'y', 'width', 'height'].every((key) => Number.isSafeInteger(rect[key]));
}

function contains(outer: Rect, inner: Rect): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
}

/**
 * The saved bounds when one connected display's work area (its size less taskbar and menu bar)
 * holds the whole window — a display unplugged or a resolution lowered since would otherwise leave
 * it off screen or under the taskbar; else the default size, shrunk to the primary work area when
 * that is smaller, for Electron to centre.
 */
export function placeWindow(saved: WindowState | null, workAreas: readonly Rect[], primary: Rect | undefined): Placement {
  if (saved !== null && workAreas.some((area) => contains(area, saved.bounds))) {
    return { bounds: saved.bounds, maximized: saved.maximized };
  }
  const width = primary ? Math.max(MIN_SIZE.width, Math.min(DEFAULT_SIZE.width, primary.width)) : DEFAULT_SIZE.width;
  const height = primary ? Math.max(MIN_SIZE.height, Math.min(DEFAULT_SIZE.height, primary.height)) : DEFAULT_SIZE.height;
  // A maximised window whose bounds fit nowhere is still opened normal: maximised on an unknown display would be a guess.
  return { size: { width, height }, maximized: false };
}

export interface Debounced {
  /** Runs `action` once `waitMs` have passed without another call. */
  call(): void;
  /** Runs a waiting call now (the window is closing); nothing when none waits. */
  flush(): void;
  cancel(): void;
}

export function debounce(action: () => void, waitMs: number): Debounced {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    call() {
      cancel();
      timer = setTimeout(() => {
        timer = null;
        action();
      }, waitMs);
    },
    flush() {
      if (timer === null) return;
      cancel();
      action();
    },
    cancel,
  };
}

/** The saved state in `dataDir`, or null (no file, unreadable, corrupt). */
export function readWindowState(dataDir: string): WindowState | null {
  try {
    return parseWindowState(readFileSync(join(dataDir, WINDOW_STATE_FILE), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Writes a temporary file and renames it over the old one, so a crash mid-write leaves the
 * previous state, never half a file. A failure (read-only disk) is reported, not thrown: losing
 * the window's position must not stop the app.
 */
export function writeWindowState(dataDir: string, state: WindowState): boolean {
  const file = join(dataDir, WINDOW_STATE_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temporary, serializeWindowState(state));
    renameSync(temporary, file);
    return true;
  } catch (error) {
    console.warn(`[window] could not save its size and position: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/** The few BrowserWindow members remembering needs. */
export interface TrackedWindow {
  on(event: 'move' | 'resize' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown;
  getNormalBounds(): Rect;
  isMaximized(): boolean;
  isMinimized(): boolean;
  isFullScreen(): boolean;
}

export const SAVE_PAUSE_MS = 500;

/**
 * Saves the window's state after each pause in moving or resizing, and at once when it closes.
 * A minimised or full-screen window is not saved: reopening it so would surprise the person.
 */
export function rememberWindow(window: TrackedWindow, save: (state: WindowState) => void, pauseMs = SAVE_PAUSE_MS): Debounced {
  const saveNow = () => {
    if (window.isMinimized() || window.isFullScreen()) return;
    save({ bounds: window.getNormalBounds(), maximized: window.isMaximized() });
  };
  const later = debounce(saveNow, pauseMs);
  for (const event of ['move', 'resize', 'maximize', 'unmaximize'] as const) window.on(event, () => later.call());
  window.on('close', () => {
    later.cancel();
    saveNow();
  });
  return later;
}
