// How this computer shows times and values: ISO or local date format, UTC or local time, and the
// valuation currency. Display choices, not secrets, so localStorage keeps them across launches;
// one reactive object, so every page that shows a time follows a change made in Settings.
import { reactive } from 'vue';
import { readValuation, writeValuation } from '../wallet/valuation-preference';
import type { DateStyle, TimeStyle, ZoneChoice } from './time-format';

export const DATE_STYLE_KEY = 'coffer.display.dateStyle';
export const ZONE_KEY = 'coffer.display.timeZone';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

export interface DisplayPreferences extends TimeStyle {
  valuation: string;
}

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

export function readPreferences(from: Storage | undefined): DisplayPreferences {
  const date = from?.getItem(DATE_STYLE_KEY);
  const zone = from?.getItem(ZONE_KEY);
  return {
    date: date === 'local' ? 'local' : 'iso',
    zone: zone === 'utc' ? 'utc' : 'local',
    valuation: readValuation(from),
  };
}

/** The choices in force; read by the formatters in show-time.ts and the wallet's valuation. */
export const displayPreferences = reactive<DisplayPreferences>(readPreferences(storage()));

export function setDateStyle(date: DateStyle): void {
  displayPreferences.date = date;
  storage()?.setItem(DATE_STYLE_KEY, date);
}

export function setZone(zone: ZoneChoice): void {
  displayPreferences.zone = zone;
  storage()?.setItem(ZONE_KEY, zone);
}

export function setValuationPreference(currency: string): void {
  if (!/^[A-Z0-9]{2,12}$/.test(currency)) throw new Error(`valuationCurrency: "${currency}" is not a currency code`);
  displayPreferences.valuation = currency;
  writeValuation(storage(), currency);
}
