// The saved display choices: read back from storage with safe defaults, and followed at once by
// the formatters every page calls.
import { afterEach, describe, expect, it } from 'vitest';
import {
  DATE_STYLE_KEY,
  displayPreferences,
  readPreferences,
  setDateStyle,
  setValuationPreference,
  setZone,
  ZONE_KEY,
} from '../../../../renderer/src/modules/display/display-preferences';
import { showClock, showTime, showTimeZoned, shownZone } from '../../../../renderer/src/modules/display/show-time';
import { VALUATION_STORAGE_KEY } from '../../../../renderer/src/modules/wallet/valuation-preference';

function storage(values: Record<string, string>) {
  return { getItem: (key: string) => values[key] ?? null, setItem: (key: string, value: string) => void (values[key] = value) };
}

afterEach(() => {
  setDateStyle('iso');
  setZone('local');
});

describe('readPreferences', () => {
  it('defaults to ISO dates, the local zone and USDT', () => {
    expect(readPreferences(storage({}))).toEqual({ date: 'iso', zone: 'local', valuation: 'USDT' });
    expect(readPreferences(undefined)).toEqual({ date: 'iso', zone: 'local', valuation: 'USDT' });
  });

  it('reads saved choices and ignores values it does not know', () => {
    expect(readPreferences(storage({ [DATE_STYLE_KEY]: 'local', [ZONE_KEY]: 'utc', [VALUATION_STORAGE_KEY]: 'EUR' }))).toEqual({ date: 'local', zone: 'utc', valuation: 'EUR' });
    expect(readPreferences(storage({ [DATE_STYLE_KEY]: 'x', [ZONE_KEY]: 'Mars', [VALUATION_STORAGE_KEY]: 'eur!' }))).toEqual({ date: 'iso', zone: 'local', valuation: 'USDT' });
  });
});

describe('the shown time follows the choice', () => {
  const at = '2026-11-27T07:34:05Z';

  it('switches between UTC and ISO/local formats', () => {
    setZone('utc');
    expect(showTime(at)).toBe('2026-11-27 07:34:05');
    expect(showTimeZoned(at)).toBe('2026-11-27 07:34:05 UTC');
    expect(showClock(at)).toBe('07:34:05 UTC');
    expect(shownZone()).toBe('UTC');
    setDateStyle('local');
    expect(showTime(at)).not.toBe('2026-11-27 07:34:05');
    expect(showTime(at)).toContain('07:34:05');
    expect(showTime(at)).toContain('2026');
  });

  it('refuses a valuation that is not a currency code, naming the field', () => {
    expect(() => setValuationPreference('us dollars')).toThrow(/valuationCurrency/);
    setValuationPreference('EUR');
    expect(displayPreferences.valuation).toBe('EUR');
  });
});
