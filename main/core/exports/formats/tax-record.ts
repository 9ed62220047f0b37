// One row of an accountant's import before a format spells it (tax-records.ts makes them from the history).

export interface Money {
  amount: string;
  currency: string;
}

/** One row of an accountant's import, before a format spells it. */
export interface TaxRecord {
  /** ISO 8601 UTC. */
  at: string;
  sent: Money | null;
  received: Money | null;
  fee: Money | null;
  /** Koinly's label ('' for none) and CoinTracking's type. */
  koinlyLabel: string;
  coinTrackingType: string;
  /** What happened, in words ("withdrawal", "swap"). */
  what: string;
  /** The Coffer ids of the rows it stands for. */
  ids: string[];
  /** The Coffer type and subtype it came from ("DEPOSIT AIRDROP"). */
  group: string;
  txHash: string | null;
  comment: string | null;
}
