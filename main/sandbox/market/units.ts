// The simulator counts prices in whole ticks and quantities in whole quantity increments (exact
// integers), and turns them into decimal strings only at the boundary.
import Decimal from '../decimal';

export interface Scale {
  /** The step as text, e.g. '0.01'. */
  step: string;
  /** Decimal places of the step. */
  places: number;
  /** True when the step is 1/10^places, so formatting is digit shuffling. */
  decimalPower: boolean;
}

export function scaleOf(step: string): Scale {
  const d = new Decimal(step);
  const places = d.decimalPlaces();
  return { step, places, decimalPower: d.equals(new Decimal(10).pow(-places)) };
}

/** Decimal text of count × step, with exactly the step's decimal places. */
export function formatUnits(count: number | bigint, scale: Scale): string {
  if (!scale.decimalPower) return new Decimal(count.toString()).times(scale.step).toFixed(scale.places);
  const negative = count < 0;
  const digits = (negative ? -count : count).toString();
  if (scale.places === 0) return negative ? `-${digits}` : digits;
  const padded = digits.padStart(scale.places + 1, '0');
  const cut = padded.length - scale.places;
  return `${negative ? '-' : ''}${padded.slice(0, cut)}.${padded.slice(cut)}`;
}

/** Scale of a product of two scaled integers (price ticks × quantity increments). */
export function productScale(a: Scale, b: Scale): Scale {
  return scaleOf(new Decimal(a.step).times(b.step).toFixed());
}

export function unitsToDecimal(count: number | bigint, scale: Scale): Decimal {
  return new Decimal(count.toString()).times(scale.step);
}
