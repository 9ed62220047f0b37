// What each OS's badge does with the count of waiting withdrawals, as plain functions (no Electron
// import) so they are tested under Node: macOS's dock takes text ("99+" past 99), Linux's launcher
// (Unity's API, which KDE and GNOME docks read too) takes a number, and Windows' taskbar takes an
// overlay icon, drawn here as a 16×16 bitmap (a red disc with the count in white) with the words
// a screen reader says instead.
import { waitingCountText as badgeText } from '../../preload/contract/withdrawals';

export type BadgeAction =
  /** app.dock.setBadge: '' clears it. */
  | { kind: 'dock'; text: string }
  /** app.setBadgeCount: 0 clears it; the launcher draws the number itself. */
  | { kind: 'count'; count: number }
  /** BrowserWindow.setOverlayIcon: a null icon clears it. */
  | { kind: 'overlay'; text: string; description: string };

export function badgeFor(count: number, platform: NodeJS.Platform): BadgeAction {
  const text = badgeText(count);
  if (platform === 'darwin') return { kind: 'dock', text };
  if (platform === 'win32') return { kind: 'overlay', text, description: waitingWords(count) };
  return { kind: 'count', count: text === '' ? 0 : count };
}

export function waitingWords(count: number): string {
  if (badgeText(count) === '') return '';
  return `${count} withdrawal${count === 1 ? '' : 's'} waiting for approval`;
}

export const OVERLAY_SIZE = 16;

// 3×5 glyphs, one row a string: what fits three characters ("99+") across a 16-pixel icon.
const GLYPHS: Readonly<Record<string, readonly string[]>> = {
  '0': ['###', '#.#', '#.#', '#.#', '###'],
  '1': ['.#.', '##.', '.#.', '.#.', '###'],
  '2': ['###', '..#', '###', '#..', '###'],
  '3': ['###', '..#', '.##', '..#', '###'],
  '4': ['#.#', '#.#', '###', '..#', '..#'],
  '5': ['###', '#..', '###', '..#', '###'],
  '6': ['###', '#..', '###', '#.#', '###'],
  '7': ['###', '..#', '.#.', '.#.', '.#.'],
  '8': ['###', '#.#', '###', '#.#', '###'],
  '9': ['###', '#.#', '###', '..#', '###'],
  '+': ['...', '.#.', '###', '.#.', '...'],
};

const RED = [0x1c, 0x1c, 0xc6, 0xff] as const; // BGRA, as nativeImage.createFromBitmap reads it
const WHITE = [0xff, 0xff, 0xff, 0xff] as const;

/** The overlay's pixels (BGRA, row by row), or null when there is nothing to show. */
export function overlayBitmap(text: string): Buffer | null {
  if (text === '' || [...text].some((char) => GLYPHS[char] === undefined)) return null;
  const size = OVERLAY_SIZE;
  const pixels = Buffer.alloc(size * size * 4);
  const paint = (x: number, y: number, color: readonly number[]) => pixels.set(color, (y * size + x) * 4);
  const centre = (size - 1) / 2;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      if ((x - centre) ** 2 + (y - centre) ** 2 <= (size / 2) ** 2) paint(x, y, RED);
    }
  }
  const width = text.length * 4 - 1;
  const left = Math.floor((size - width) / 2);
  const top = Math.floor((size - 5) / 2);
  [...text].forEach((char, index) => {
    (GLYPHS[char] ?? []).forEach((row, dy) => {
      [...row].forEach((cell, dx) => {
        if (cell === '#') paint(left + index * 4 + dx, top + dy, WHITE);
      });
    });
  });
  return pixels;
}
