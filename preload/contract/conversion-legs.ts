// The service records a conversion as two transactions of one operation: the leg paid out
// (operation_type 'withdraw') and the leg received ('deposit'). Every list of movements shows the
// pair as one row; a leg whose partner is not in the list stays a row of its own. A spot trade
// is stored the same way (type TRADE, its paid and received legs under one operation id), and
// paired the same way; its fee leg (operation_type 'fee') is no part of the pair.

/** What pairing needs of a transaction, whichever list it comes from. */
export interface ConversionLeg {
  type: string;
  operationId: string | null;
  /** out: paid by this account; in: received. */
  direction: 'in' | 'out' | null;
  /** Which leg: a trade's 'withdraw' and 'deposit' pair, its 'fee' does not. */
  operationType?: string | null;
}

export type ListedMovement<T> = { kind: 'single'; entry: T } | { kind: 'conversion'; paid: T; received: T };

const isTradeLeg = (entry: ConversionLeg): boolean => entry.type === 'TRADE' && (entry.operationType === 'withdraw' || entry.operationType === 'deposit');
const isConversionLeg = (entry: ConversionLeg): boolean => (entry.type === 'SWAP' || isTradeLeg(entry)) && entry.operationId !== null && entry.direction !== null;

/**
 * The list with each conversion's two legs joined where the first of them stood, in either order.
 * Legs are joined only when one was paid and the other received: a third leg of the same
 * operation, or two of one direction, stay single rows rather than be guessed into a pair.
 */
export function pairConversions<T extends ConversionLeg>(list: readonly T[]): Array<ListedMovement<T>> {
  const legsOf = new Map<string, T[]>();
  for (const entry of list) {
    if (!isConversionLeg(entry)) continue;
    const key = entry.operationId as string;
    legsOf.set(key, [...(legsOf.get(key) ?? []), entry]);
  }
  const listed: Array<ListedMovement<T>> = [];
  for (const entry of list) {
    const legs = isConversionLeg(entry) ? legsOf.get(entry.operationId as string) : undefined;
    const paid = legs?.find((leg) => leg.direction === 'out');
    const received = legs?.find((leg) => leg.direction === 'in');
    if (legs?.length !== 2 || paid === undefined || received === undefined) {
      listed.push({ kind: 'single', entry });
      continue;
    }
    // The pair stands where its first leg did; the second leg adds nothing.
    if (entry === legs[0]) listed.push({ kind: 'conversion', paid, received });
  }
  return listed;
}
