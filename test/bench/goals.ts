// One line per goal of the bench: the figure, its floor measured in the same run, the ratio and
// the goal, with met or MISSED. When COFFER_BENCH_GOALS names a file (the bench runner sets it),
// each line is also appended there as JSON, so the runner can list them all at the end and
// `npm run bench -- --check` can fail on a miss.
import { appendFileSync } from 'node:fs';

export type GoalRule =
  /** The figure itself at most this much (in its unit). */
  | { atMost: number }
  /** The figure at most this many times its floor (a time against the fastest way of doing it). */
  | { ratioAtMost: number }
  /** The floor at least this share of the figure (a time against a bound it cannot beat: 0.95 = 95 %). */
  | { shareAtLeast: number };

export interface GoalFigure {
  /** What was measured, e.g. "export, Koinly CSV, 1,000,000 rows". */
  figure: string;
  value: number;
  unit: 'ms' | 's' | 'MiB';
  /** The floor measured in the same run, with what it is. */
  floor?: { value: number; label: string };
  rule: GoalRule;
}

export interface GoalResult extends GoalFigure {
  met: boolean;
  /** value / floor, or floor / value for a share; undefined without a floor. */
  ratio?: number;
}

export function judge(figure: GoalFigure): GoalResult {
  const { rule, floor, value } = figure;
  if ('atMost' in rule) return { ...figure, met: value <= rule.atMost, ratio: floor === undefined ? undefined : value / floor.value };
  if (floor === undefined) throw new Error(`${figure.figure}: a ratio goal needs a floor`);
  if ('ratioAtMost' in rule) {
    const ratio = value / floor.value;
    return { ...figure, ratio, met: ratio <= rule.ratioAtMost };
  }
  const share = floor.value / value;
  return { ...figure, ratio: share, met: share >= rule.shareAtLeast };
}

function amount(value: number, unit: GoalFigure['unit']): string {
  const digits = unit === 's' ? 2 : unit === 'ms' ? (value < 10 ? 1 : 0) : 0;
  return `${value.toFixed(digits)} ${unit}`;
}

function goalText(result: GoalResult): string {
  const { rule } = result;
  if ('atMost' in rule) return `≤ ${amount(rule.atMost, result.unit)}`;
  if ('ratioAtMost' in rule) return `≤ ${rule.ratioAtMost}× floor`;
  return `≥ ${(rule.shareAtLeast * 100).toFixed(0)} % of bound`;
}

function ratioText(result: GoalResult): string {
  if (result.ratio === undefined) return 'no floor';
  return 'shareAtLeast' in result.rule ? `${(result.ratio * 100).toFixed(1)} % of bound` : `${result.ratio.toFixed(2)}× floor`;
}

export function goalLine(result: GoalResult): string {
  const floor = result.floor === undefined ? '' : `, floor ${amount(result.floor.value, result.unit)} (${result.floor.label})`;
  return `GOAL ${result.met ? 'met   ' : 'MISSED'} ${result.figure}: ${amount(result.value, result.unit)}${floor}, ${ratioText(result)}; goal ${goalText(result)}`;
}

/** Judges a figure, prints its goal line and records it for the bench runner. */
export function reportGoal(figure: GoalFigure): GoalResult {
  const result = judge(figure);
  console.log(goalLine(result));
  const file = process.env.COFFER_BENCH_GOALS;
  if (file !== undefined && file !== '') appendFileSync(file, `${JSON.stringify(result)}\n`);
  return result;
}
