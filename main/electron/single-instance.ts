// What a second launch does to the running window, as a plain function over the few window
// methods it needs (no Electron import), so it is tested under Node: a minimised window is
// restored, a hidden one shown, and the window brought to the front.

export interface FocusableWindow {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  isVisible(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

/** Brings the running window forward; false when there is none to bring (the caller opens one). */
export function bringForward(window: FocusableWindow | undefined): boolean {
  if (window === undefined || window.isDestroyed()) return false;
  // focus() alone leaves a minimised window in the taskbar on Windows and Linux.
  if (window.isMinimized()) window.restore();
  if (!window.isVisible()) window.show();
  window.focus();
  return true;
}
