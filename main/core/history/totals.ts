// Exact sums per currency (and per bucket of time for the flows chart): SQLite sums the integer
// parts of the amounts (schema.ts), decimal.js recombines them, and the rare amount too long for
// the parts is added here from its text.
import Decimal from '../../../preload/contract/decimal';
import type { HistoryDirection } from '../../../preload/contract/history';
import { partsToDecimal } from './amount-parts';

/** One GROUP BY row of the part sums (BigInt: the statement reads with safeIntegers). */
export interface PartSums {
  n: bigint;
  aw: bigint | null;
  a1: bigint | null;
  a2: bigint | null;
  fw: bigint | null;
  f1: bigint | null;
  f2: bigint | null;
}

export const PART_SUMS_SQL = `COUNT(*) AS n, SUM(amount_whole) AS aw, SUM(amount_frac1) AS a1, SUM(amount_frac2) AS a2,
  SUM(fee_whole) AS fw, SUM(fee_frac1) AS f1, SUM(fee_frac2) AS f2`;

/** Rows whose amount or fee has no parts (more than 18 decimals, or a whole part of 10^12 or more). */
export const OVERSIZE_CONDITION = '(amount_whole IS NULL OR (fee IS NOT NULL AND fee_whole IS NULL))';

export interface OversizeRow {
  currency: string;
  direction: HistoryDirection;
  created_ms: number;
  amount: string;
  fee: string | null;
  amount_whole: number | null;
  fee_whole: number | null;
}

/** Three part sums, added as BigInt and turned into one Decimal at the end. */
class PartTotal {
  private whole = 0n;
  private frac1 = 0n;
  private frac2 = 0n;
  /** Amounts too long for parts, added from their text. */
  private extra: Decimal | null = null;

  addParts(whole: bigint | null, frac1: bigint | null, frac2: bigint | null): void {
    this.whole += whole ?? 0n;
    this.frac1 += frac1 ?? 0n;
    this.frac2 += frac2 ?? 0n;
  }

  addText(amount: string): void {
    this.extra = (this.extra ?? new Decimal(0)).plus(amount);
  }

  value(): Decimal {
    const parts = partsToDecimal(this.whole, this.frac1, this.frac2);
    return this.extra === null ? parts : parts.plus(this.extra);
  }
}

/** Amounts of one group: what came in, went out, and the fees paid. */
export class FlowSums {
  count = 0;
  private readonly inflow = new PartTotal();
  private readonly outflow = new PartTotal();
  private readonly fee = new PartTotal();

  get in(): Decimal {
    return this.inflow.value();
  }

  get out(): Decimal {
    return this.outflow.value();
  }

  get fees(): Decimal {
    return this.fee.value();
  }

  addParts(direction: string, sums: PartSums): void {
    this.count += Number(sums.n);
    (direction === 'in' ? this.inflow : this.outflow).addParts(sums.aw, sums.a1, sums.a2);
    this.fee.addParts(sums.fw, sums.f1, sums.f2);
  }

  /** An oversize row's texts; its count is already in the part sums' COUNT(*). */
  addOversize(row: OversizeRow): void {
    if (row.amount_whole === null) (row.direction === 'in' ? this.inflow : this.outflow).addText(row.amount);
    if (row.fee !== null && row.fee_whole === null) this.fee.addText(row.fee);
  }
}

/** A map that makes its missing entries. */
export function entryOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}
