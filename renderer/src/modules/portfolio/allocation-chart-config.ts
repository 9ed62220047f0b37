// Today's allocation three ways (by currency, by side, by sub-account) as rows for the table and
// as a donut or a treemap. Shares are counted in hundredths of a percent and the remainders handed
// out largest first, so the shares shown always add up to exactly 100.00 %. Only positive values
// take a share: a currency without a rate is said in words, not drawn as nothing.
import Decimal from '../../../../preload/contract/decimal';
import type { AllocationSide, PortfolioAllocation } from '../../../../preload/contract/portfolio';
import { escapeHtml } from '../history/use-flows-chart-config';
import { formatMoney, formatValuationWithCode, type Precisions } from '../money/money-format';
import { DONUT_COLORS } from '../wallet/use-holdings-chart-config';

export const ALLOCATION_VIEWS = [
  { key: 'currency', label: 'By currency', column: 'Currency' },
  { key: 'side', label: 'By side', column: 'Side' },
  { key: 'account', label: 'By sub-account', column: 'Account' },
] as const;
export type AllocationView = (typeof ALLOCATION_VIEWS)[number]['key'];
export type AllocationShape = 'donut' | 'treemap';

const SIDE_WORDS: Readonly<Record<AllocationSide, string>> = { wallet: 'Wallet', spot: 'Spot (trading)' };

export interface AllocationRow {
  key: string;
  label: string;
  /** The amount held, in `label`'s currency (by currency only). */
  amount: string | null;
  /** In the valuation currency; null: no rate. */
  value: string | null;
  /** "42.17": hundredths of a percent; null when the row takes no share. */
  share: string | null;
}

/** Each positive value's share of their sum, in hundredths of a percent, summing to 10 000. */
export function shareHundredths(values: readonly Decimal[]): number[] {
  const total = values.reduce((sum, value) => sum.plus(value), new Decimal(0));
  if (total.isZero()) return values.map(() => 0);
  const exact = values.map((value) => value.times(10_000).dividedBy(total));
  const floors = exact.map((value) => value.floor().toNumber());
  let left = 10_000 - floors.reduce((sum, value) => sum + value, 0);
  const order = exact.map((value, index) => ({ index, rest: value.minus(value.floor()) })).sort((a, b) => b.rest.comparedTo(a.rest) || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    left -= 1;
  }
  return floors;
}

/** The rows of one view, largest value first; rows without a positive value last, without a share. */
export function allocationRows(allocation: PortfolioAllocation, view: AllocationView): AllocationRow[] {
  const rows: AllocationRow[] =
    view === 'currency'
      ? allocation.byCurrency.map((one) => ({ key: one.currency, label: one.currency, amount: one.amount, value: one.value, share: null }))
      : view === 'side'
        ? allocation.bySide.map((one) => ({ key: one.side, label: SIDE_WORDS[one.side], amount: null, value: one.value, share: null }))
        : allocation.byAccount.map((one) => ({ key: one.accountId, label: one.label, amount: null, value: one.value, share: null }));
  const positive = rows.filter((row) => row.value !== null && new Decimal(row.value).greaterThan(0));
  const shares = shareHundredths(positive.map((row) => new Decimal(row.value ?? 0)));
  positive.forEach((row, index) => (row.share = new Decimal(shares[index] ?? 0).dividedBy(100).toFixed(2)));
  const rank = (row: AllocationRow) => (row.share === null ? new Decimal(-1) : new Decimal(row.value ?? 0));
  return rows.sort((a, b) => rank(b).comparedTo(rank(a)) || a.label.localeCompare(b.label));
}

/** What the chart leaves out, in words: currencies without a rate, sub-accounts not read. */
export function allocationGaps(allocation: PortfolioAllocation): string[] {
  const words: string[] = [];
  if (allocation.unvalued.length > 0) words.push(`Not valued (no ${allocation.valuationCurrency} rate): ${allocation.unvalued.join(', ')}.`);
  for (const one of allocation.missing) words.push(`${one.label} could not be read and is left out: ${one.reason}`);
  return words;
}

export interface AllocationItem {
  name: string;
  value: number;
  /** The exact value and share, as the tooltip says them. */
  text: string;
}

export type AllocationChartOption = {
  color: string[];
  tooltip: { trigger: 'item'; formatter: (params: { data: AllocationItem }) => string };
  series: [
    | {
        type: 'pie';
        radius: [string, string];
        center: [string, string];
        label: { show: false };
        itemStyle: { borderColor: string; borderWidth: number; borderRadius: number };
        data: AllocationItem[];
      }
    | {
        type: 'treemap';
        roam: false;
        nodeClick: false;
        breadcrumb: { show: false };
        top: number;
        left: number;
        right: number;
        bottom: number;
        label: { show: true; formatter: string; color: string };
        itemStyle: { borderColor: string; borderWidth: number; gapWidth: number };
        data: AllocationItem[];
      },
  ];
};

/** "BTC: 12,345.67 USDT (42.17 %)" — one line per row that takes a share. */
export function allocationItemText(row: AllocationRow, valuation: string, precision: Precisions): string {
  // The valuation currency's own amount is its value: said once.
  const amount = row.amount === null || row.label === valuation ? '' : ` — ${formatMoney(row.amount, row.label, precision)} ${row.label}`;
  return `${row.label}: ${formatValuationWithCode(row.value, valuation, precision)} (${row.share} %)${amount}`;
}

export function buildAllocationOption(
  rows: readonly AllocationRow[],
  shape: AllocationShape,
  valuation: string,
  precision: Precisions,
  colors: { background: string; label: string },
): AllocationChartOption {
  const data = rows
    .filter((row) => row.share !== null)
    .map((row) => ({ name: row.label, value: new Decimal(row.value ?? 0).toNumber(), text: allocationItemText(row, valuation, precision) }));
  const tooltip = { trigger: 'item' as const, formatter: ({ data: item }: { data: AllocationItem }) => escapeHtml(item.text) };
  if (shape === 'donut') {
    return {
      color: DONUT_COLORS,
      tooltip,
      series: [
        {
          type: 'pie',
          radius: ['50%', '78%'],
          center: ['50%', '50%'],
          label: { show: false },
          itemStyle: { borderColor: colors.background, borderWidth: 2, borderRadius: 4 },
          data,
        },
      ],
    };
  }
  return {
    color: DONUT_COLORS,
    tooltip,
    series: [
      {
        type: 'treemap',
        roam: false,
        nodeClick: false,
        breadcrumb: { show: false },
        top: 0,
        left: 0,
        right: 0,
        bottom: 0,
        label: { show: true, formatter: '{b}', color: colors.label },
        itemStyle: { borderColor: colors.background, borderWidth: 2, gapWidth: 2 },
        data,
      },
    ],
  };
}
