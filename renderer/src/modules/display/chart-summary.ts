// A chart drawn on a canvas says nothing to a screen reader: these sentences stand in for it, read
// from the same labels and values the chart draws, so the text and the picture cannot disagree.

export interface SeriesSummary {
  /** What the chart shows, e.g. "Net worth in EUR". */
  what: string;
  /** One label per point, as the axis shows it. */
  labels: readonly string[];
  values: readonly (number | null)[];
  /** How a value reads; plain grouped digits when not given. */
  format?: (value: number) => string;
}

const plain = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 8 });

/** "Net worth in EUR, 30 points from 28 Oct to 26 Nov: first 1,200, last 1,350, lowest 1,100 (3 Nov), highest 1,400 (20 Nov)." */
export function seriesSummary({ what, labels, values, format = plain }: SeriesSummary): string {
  const drawn = values.flatMap((value, index) => (value === null || !Number.isFinite(value) ? [] : [{ value, label: labels[index] ?? '' }]));
  const first = drawn[0];
  const last = drawn.at(-1);
  if (first === undefined || last === undefined) return `${what}: nothing drawn.`;
  if (drawn.length === 1) return `${what}, 1 point: ${format(first.value)} (${first.label}).`;
  const lowest = drawn.reduce((low, point) => (point.value < low.value ? point : low));
  const highest = drawn.reduce((high, point) => (point.value > high.value ? point : high));
  return (
    `${what}, ${drawn.length} points from ${first.label} to ${last.label}: first ${format(first.value)}, last ${format(last.value)}, ` +
    `lowest ${format(lowest.value)} (${lowest.label}), highest ${format(highest.value)} (${highest.label}).`
  );
}

export interface FlowPoint {
  value: number;
  formatted: string;
}

/** "Money in and out per day in BTC, 12 periods from 1 Nov to 12 Nov. Largest in: +1.5 (3 Nov). Largest out: −0.2 (5 Nov)." */
export function flowsSummary(what: string, labels: readonly string[], ins: readonly FlowPoint[], outs: readonly FlowPoint[]): string {
  if (labels.length === 0) return `${what}: no money moved.`;
  const span = labels.length === 1 ? `1 period, ${labels[0]}` : `${labels.length} periods from ${labels[0]} to ${labels.at(-1)}`;
  const largest = (points: readonly FlowPoint[], word: string): string => {
    let best = -1;
    points.forEach((point, index) => {
      if (point.value !== 0 && (best < 0 || Math.abs(point.value) > Math.abs(points[best]?.value ?? 0))) best = index;
    });
    const point = points[best];
    return point === undefined ? `No money ${word}.` : `Largest ${word}: ${point.formatted} (${labels[best] ?? ''}).`;
  };
  return `${what}, ${span}. ${largest(ins, 'in')} ${largest(outs, 'out')}`;
}
