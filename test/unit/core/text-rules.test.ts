// Input hygiene: invisible and broken characters in names and keys, amounts written one way, bounded ids.
import { describe, expect, it } from 'vitest';
import {
  hasLeadingZeros,
  hiddenCharacterProblem,
  PLAIN_DECIMAL,
  PROFILE_ID_MAX,
  PROFILE_ID_PATTERN,
  wellFormedProblem,
} from '../../../preload/contract/text-rules';

describe('hiddenCharacterProblem', () => {
  it('accepts ordinary text in any script, spaces and punctuation included', () => {
    for (const text of ['Treasury EU', 'Казначейство', 'خزينة', '財務 · 主口座', 'pk_live_51HcA9xY2b7Q3s', 'Ops (main) – 2024']) {
      expect(hiddenCharacterProblem(text, 'The name'), text).toBeNull();
    }
  });

  it.each([
    ['NUL', '\u0000'],
    ['tab', '\t'],
    ['newline', '\n'],
    ['escape', '\u001B'],
    ['DEL', '\u007F'],
    ['C1 NEL', '\u0085'],
  ])('refuses a control character (%s)', (_what, char) => {
    expect(hiddenCharacterProblem(`Trea${char}sury`, 'The name')).toMatch(/^The name contains an invisible control character \(U\+00[0-9A-F]{2}\)/);
  });

  it.each([
    '\u202A', '\u202B', '\u202C', '\u202D', '\u202E',
    '\u2066', '\u2067', '\u2068', '\u2069',
    '\u200E', '\u200F', '\u061C',
  ])('refuses the text-direction mark %j', (char) => {
    const code = `U+${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`;
    expect(hiddenCharacterProblem(`pk${char}123`, 'The public key')).toBe(
      `The public key contains an invisible text-direction mark (${code}); type it again without it`,
    );
  });

  it.each([
    ['zero-width space', '\u200B'],
    ['zero-width non-joiner', '\u200C'],
    ['zero-width joiner', '\u200D'],
    ['word joiner', '\u2060'],
    ['byte order mark', '\uFEFF'],
    ['soft hyphen', '\u00AD'],
    ['interlinear annotation anchor', '\uFFF9'],
    ['tag character', '\u{E0041}'],
  ])('refuses an invisible formatting character (%s)', (_what, char) => {
    const code = `U+${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`;
    expect(hiddenCharacterProblem(`Trea${char}sury`, 'The label')).toBe(
      `The label contains an invisible formatting character (${code}); type it again without it`,
    );
  });

  it.each(['\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'x\uD83D', '\uDE00x'])('refuses half of a surrogate pair (%j)', (text) => {
    expect(hiddenCharacterProblem(text, 'The name')).toMatch(/^The name contains a broken character \(U\+D[89A-F][0-9A-F]{2}, half of a pair\)/);
    expect(wellFormedProblem(text, 'currency')).toMatch(/^currency contains a broken character/);
  });

  it('accepts whole surrogate pairs: emoji and the rarer scripts', () => {
    for (const text of ['Desk 🦊', '𝔗reasury', '𠀀 desk']) expect(hiddenCharacterProblem(text, 'The name'), text).toBeNull();
  });

  it('catches a right-to-left override that makes "Payroll\u202Etxt.exe" read as "Payrollexe.txt"', () => {
    expect(hiddenCharacterProblem('Payroll\u202Etxt.exe', 'The name')).toMatch(/U\+202E/);
  });
});

describe('amount text', () => {
  it.each(['0', '0.5', '0.05', '7.5', '10', '100.001', '1000000'])('%s is plain and has no leading zeros', (text) => {
    expect(PLAIN_DECIMAL.test(text)).toBe(true);
    expect(hasLeadingZeros(text)).toBe(false);
  });

  it.each(['007.5', '00.1', '01', '00', '0001.0'])('%s has leading zeros', (text) => {
    expect(hasLeadingZeros(text)).toBe(true);
  });

  it.each(['1e5', '-1', '+1', '1,000', '.5', '5.', ' 1', '0x10', '١٢'])('%s is not a plain decimal', (text) => {
    expect(PLAIN_DECIMAL.test(text)).toBe(false);
  });
});

describe('profile ids', () => {
  it('admit UUIDs and short safe names, nothing else', () => {
    expect(PROFILE_ID_PATTERN.test('9b2f4c1e-3d7a-4c55-9a1e-0f6b8d2c7e41')).toBe(true);
    expect(PROFILE_ID_PATTERN.test('p1_main')).toBe(true);
    for (const id of ['../etc', 'a b', 'a/b', '<script>', 'id\u202E', 'ïd', '']) expect(PROFILE_ID_PATTERN.test(id), id).toBe(false);
    expect(PROFILE_ID_MAX).toBe(64);
  });
});
