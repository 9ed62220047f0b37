// The page-wide keys: which press does what, and when a press is left alone.
import { describe, expect, it } from 'vitest';
import { GO_WINDOW_MS, IDLE, readKey, shortcutLines, type KeyPress, type SequenceState } from '../../../../renderer/src/modules/a11y/key-sequence';

const GO_KEYS = { w: 'wallet', a: 'approvals', ',': 'settings' };

function press(key: string, time: number, extra: Partial<KeyPress> = {}): KeyPress {
  return { key, time, ctrlKey: false, altKey: false, metaKey: false, inField: false, ...extra };
}

/** Feeds presses in order and returns every action taken. */
function run(presses: KeyPress[]): (string | null)[] {
  let state: SequenceState = IDLE;
  return presses.map((p) => {
    const outcome = readKey(state, p, GO_KEYS);
    state = outcome.state;
    const action = outcome.action;
    if (!action) return null;
    return action.kind === 'go' ? `go:${action.page}` : action.kind;
  });
}

describe('readKey', () => {
  it('goes to a page on g then its letter, in either case', () => {
    expect(run([press('g', 0), press('w', 300)])).toEqual([null, 'go:wallet']);
    expect(run([press('g', 0), press('Shift', 100), press('A', 200)])).toEqual([null, null, 'go:approvals']);
    expect(run([press('g', 0), press(',', 100)])).toEqual([null, 'go:settings']);
  });

  it('takes the g so it is not typed, and forgets it after the window or another key', () => {
    expect(readKey(IDLE, press('g', 0), GO_KEYS)).toMatchObject({ handled: true, action: null, state: { goSince: 0 } });
    expect(run([press('g', 0), press('w', GO_WINDOW_MS + 1)])).toEqual([null, null]);
    expect(run([press('g', 0), press('x', 10), press('w', 20)])).toEqual([null, null, null]);
  });

  it('maps /, r and ? to search, refresh and help; a letter that is no go key after g is not a refresh', () => {
    expect(run([press('/', 0), press('r', 10), press('?', 20, {})])).toEqual(['search', 'refresh', 'help']);
    expect(run([press('g', 0), press('r', 10)])).toEqual([null, null]);
  });

  it('leaves every key alone in a field and with Ctrl, Alt or Meta', () => {
    for (const extra of [{ inField: true }, { ctrlKey: true }, { altKey: true }, { metaKey: true }]) {
      for (const key of ['g', '/', 'r', '?']) {
        expect(readKey(IDLE, press(key, 0, extra), GO_KEYS)).toEqual({ state: IDLE, action: null, handled: false });
      }
    }
    // A g typed into a field does not arm the next key outside it.
    expect(run([press('g', 0, { inField: true }), press('w', 10)])).toEqual([null, null]);
  });

  it('does not take keys it has no use for', () => {
    for (const key of ['w', 'Enter', 'Tab', 'ArrowDown', ' ', 'Escape']) expect(readKey(IDLE, press(key, 0), GO_KEYS).handled).toBe(false);
  });
});

describe('shortcutLines', () => {
  it('lists a go line per page, then the page keys', () => {
    const lines = shortcutLines([{ label: 'Wallet', goKey: 'w' }]);
    expect(lines[0]).toEqual({ keys: ['g', 'w'], what: 'Go to Wallet' });
    expect(lines.map((line) => line.keys.join(' '))).toEqual(['g w', '/', 'r', '?', 'Esc']);
  });
});
