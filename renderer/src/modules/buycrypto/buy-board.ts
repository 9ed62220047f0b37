// The quote board as a person compares it, pure: one line per provider and method with what is
// paid, what arrives, the implied price and how far it is from spot, the method's limits, and why
// a method cannot be used; usable offers first, the best one first among them. The board's age
// counts from when this screen received it; it is stale BUY_QUOTE_STALE_MS after.
import { BUY_QUOTE_STALE_MS, type BuyQuoteBoard, type BuyQuoteRow } from '../../../../preload/contract';
import Decimal from '../../../../preload/contract/decimal';
import { formatAmount, formatPrice, toDecimal } from '../money/money-format';
import { rangeText } from './buy-form';

/** A board with the moment (this computer's clock, ms) it arrived, and the request it answers. */
export interface ReceivedBoard {
  board: BuyQuoteBoard;
  receivedAt: number;
  /** requestKey() of what was asked: the board is shown as current only for that request. */
  key: string;
}

export interface BoardLine {
  /** providerId:methodId, unique on a board. */
  key: string;
  row: BuyQuoteRow;
  provider: string;
  method: string;
  network: string;
  pay: string;
  receive: string;
  /** Fiat per one unit of crypto. */
  price: string;
  /** "+3.62 %" above spot, "−0.40 %" below; null without a spot price. */
  vsSpot: string | null;
  /** "20 – 5,000 EUR", or null when the method lists none. */
  limits: string | null;
  usable: boolean;
}

export function requestKey(request: { source: string; target: string; network?: string; side: string; amount: string } | null): string {
  return request === null ? '' : [request.source, request.target, request.network ?? '', request.side, request.amount].join('|');
}

export function boardAgeMs(received: ReceivedBoard, now: number): number {
  return Math.max(0, now - received.receivedAt);
}

export function isBoardStale(received: ReceivedBoard, now: number): boolean {
  return boardAgeMs(received, now) > BUY_QUOTE_STALE_MS;
}

/** "0.0362" → "+3.62 %", "-0.004" → "−0.40 %", "0" → "0.00 %". */
export function vsSpotText(fraction: string | null): string | null {
  const value = toDecimal(fraction);
  if (value === null) return null;
  const percent = value.times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const sign = percent.isZero() ? '' : percent.isNegative() ? '−' : '+';
  return `${sign}${percent.abs().toFixed(2)} %`;
}

const usable = (row: BuyQuoteRow) => row.problem === null && row.quoteId !== null && row.pay !== null && row.receive !== null;

/** Usable offers before the others; among them the best first, then the most crypto for the money
 *  (pay side) or the least money for the crypto (receive side); main's order otherwise. */
export function orderRows(board: BuyQuoteBoard): BuyQuoteRow[] {
  const better = (a: BuyQuoteRow, b: BuyQuoteRow): number => {
    if (usable(a) !== usable(b)) return usable(a) ? -1 : 1;
    if (!usable(a)) return 0;
    if (a.best !== b.best) return a.best ? -1 : 1;
    const [x, y] = [toDecimal(a.receive) ?? new Decimal(0), toDecimal(b.receive) ?? new Decimal(0)];
    const [p, q] = [toDecimal(a.pay) ?? new Decimal(0), toDecimal(b.pay) ?? new Decimal(0)];
    return board.request.side === 'pay' ? y.comparedTo(x) : p.comparedTo(q);
  };
  return board.rows.slice().sort(better);
}

export function boardLines(board: BuyQuoteBoard): BoardLine[] {
  const { source, target } = board.request;
  const money = (value: string | null, currency: string, decimals: number) => (value === null ? '—' : `${formatAmount(value, decimals)} ${currency}`);
  return orderRows(board).map((row) => ({
    key: `${row.providerId}:${row.methodId}`,
    row,
    provider: row.providerName,
    method: row.methodName,
    network: row.network ?? board.request.network ?? '—',
    pay: money(row.pay, source, board.sourcePrecision),
    receive: money(row.receive, target, board.targetPrecision),
    price: row.price === null ? '—' : `${formatPrice(row.price)} ${source}`,
    vsSpot: vsSpotText(row.vsSpot),
    limits: row.min !== null && row.max !== null ? rangeText(row.min, row.max, source, board.sourcePrecision) : null,
    usable: usable(row),
  }));
}
