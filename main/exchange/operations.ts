// Money-moving calls whose outcome is unknown come back as `uncertain`, never re-sent. The
// pending operation is plain data: the app's ledger records it and settles it from the history.
export const MONEY_MOVES = ['withdraw', 'transfer', 'convert', 'internalWithdraw', 'subAccountTransfer', 'buyCryptoOrder', 'spotOrder'] as const;
export type MoneyMove = (typeof MONEY_MOVES)[number];

export interface PendingOperation {
  kind: MoneyMove;
  currency: string;
  /** Exact decimal text of the requested amount. */
  amount: string;
  /** Address, 'wallet>spot', beneficiary, target currency, 'to_sub_account:<id>' or '<provider>><target>'. */
  destination: string | undefined;
  /** Service-clock time the request was signed. */
  sentAtMs: number;
  /**
   * Service time after which a request not yet in the history can no longer appear; null when
   * nothing bounds it (Basic auth): the service may still run it at any time.
   */
  settleByMs: number | null;
}

export type Settled<T> =
  | { status: 'done'; value: T }
  | { status: 'uncertain'; operation: PendingOperation; reason: string };
