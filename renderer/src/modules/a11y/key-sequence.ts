// The page-wide keys, as pure logic: a key press (and whether a `g` came just before it) in, an
// action out. `g` then a letter goes to a page, `/` focuses the page's search field, `r` reads the
// page again, `?` opens the list of keys. Nothing happens while the user types in a field or
// holds Ctrl, Alt or Meta, so the keys never take a character or a browser shortcut away.

export type ShortcutAction =
  | { kind: 'go'; page: string }
  | { kind: 'search' }
  | { kind: 'refresh' }
  | { kind: 'help' };

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  /** The key went to a field that takes text or keys of its own (input, select, editor, list box). */
  inField: boolean;
  /** Milliseconds, from the event's clock. */
  time: number;
}

export interface SequenceState {
  /** When a `g` was pressed that still waits for its letter; null when none waits. */
  goSince: number | null;
}

export interface KeyOutcome {
  state: SequenceState;
  action: ShortcutAction | null;
  /** True when the key was taken by a shortcut (a `g` waiting included), so it is not typed or scrolled. */
  handled: boolean;
}

/** How long a `g` waits for its letter. */
export const GO_WINDOW_MS = 1500;

export const IDLE: SequenceState = { goSince: null };

export function readKey(state: SequenceState, press: KeyPress, goKeys: Readonly<Record<string, string>>): KeyOutcome {
  if (press.ctrlKey || press.altKey || press.metaKey || press.inField) return { state: IDLE, action: null, handled: false };
  const waiting = state.goSince !== null && press.time - state.goSince <= GO_WINDOW_MS;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (waiting) {
    const page = Object.hasOwn(goKeys, key) ? goKeys[key] : undefined;
    if (page !== undefined) return { state: IDLE, action: { kind: 'go', page }, handled: true };
    // A modifier on its own (Shift for a capital) keeps the `g` waiting; anything else ends it.
    if (isModifierOnly(press.key)) return { state, action: null, handled: false };
    return { state: IDLE, action: null, handled: false };
  }
  switch (press.key) {
    case 'g':
      return { state: { goSince: press.time }, action: null, handled: true };
    case '/':
      return { state: IDLE, action: { kind: 'search' }, handled: true };
    case 'r':
      return { state: IDLE, action: { kind: 'refresh' }, handled: true };
    case '?':
      return { state: IDLE, action: { kind: 'help' }, handled: true };
    default:
      return { state: IDLE, action: null, handled: false };
  }
}

function isModifierOnly(key: string): boolean {
  return key === 'Shift' || key === 'CapsLock';
}

export interface ShortcutLine {
  keys: string[];
  what: string;
}

/** Every key, as the help dialog lists it: the page keys in the order of the pages given. */
export function shortcutLines(pages: readonly { label: string; goKey: string }[]): ShortcutLine[] {
  return [
    ...pages.map((page) => ({ keys: ['g', page.goKey], what: `Go to ${page.label}` })),
    { keys: ['/'], what: 'Focus the page’s search or filter field' },
    { keys: ['r'], what: 'Read the page again' },
    { keys: ['?'], what: 'Show this list of keys' },
    { keys: ['Esc'], what: 'Close a dialog, drawer or menu' },
  ];
}

/** Where a key press is the field's own: text fields, selects, editors and composite widgets
 *  that read letters or arrows themselves (naive-ui's select box takes focus on a plain div and
 *  may search on the letters typed there); also inside a modal dialog, whose work the page keys
 *  must not leave. */
export const FIELD_SELECTOR = [
  'input',
  'textarea',
  'select',
  '[contenteditable]:not([contenteditable="false"])',
  '[role="combobox"]',
  '[role="listbox"]',
  '[role="menu"]',
  '[role="slider"]',
  '[role="spinbutton"]',
  '.n-base-selection',
  '.n-input',
  '.n-date-picker',
  '.n-modal',
].join(', ');
