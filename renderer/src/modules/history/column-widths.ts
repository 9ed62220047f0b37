// The widths of the transactions table's number and status columns, from the texts of the rows in
// the DOM, so an amount, a fee or a status is never cut to "…": a recorded amount can carry 18
// decimals (and a review shows every digit a file wrote). The table's rows are separate grids of
// one template, so the widths are set once for all of them; wider than the window, the table
// scrolls sideways inside its own box.

/** The longest text of each measured column among the rows in view, in characters. */
export interface ColumnTexts {
  amount: number;
  fee: number;
  status: number;
  /** A joined conversion's or trade's both legs, which span currency, amount, fee and network. */
  pair: number;
}

export const NO_TEXTS: ColumnTexts = { amount: 0, fee: 0, status: 0, pair: 0 };

/** The longer of each column's texts in `a` and the texts of one row. */
export function widestTexts(a: ColumnTexts, row: Partial<Record<keyof ColumnTexts, string>>): ColumnTexts {
  return {
    amount: Math.max(a.amount, row.amount?.length ?? 0),
    fee: Math.max(a.fee, row.fee?.length ?? 0),
    status: Math.max(a.status, row.status?.length ?? 0),
    pair: Math.max(a.pair, row.pair?.length ?? 0),
  };
}

// Digits and words are measured in `ch` of the table's font; bold digits and tags' padding need
// more than a plain "0" per character.
const BOLD = 1.12;
const TAG_PADDING_PX = 22;
/** The other three columns a pair's text spans (currency, fee, network) and their two gaps: 52 + 68 + 20 px. */
const PAIR_NEIGHBOURS_PX = 140;
/** Every column but amount, fee and status at its least, with the gaps and side padding (see HistoryTable's grid). */
const FIXED_COLUMNS_PX = 150 + 140 + 52 + 68 + 110 + 70 + 28;

/** CSS custom properties for the table: each measured column's least width and the grid's least width. */
export function columnWidthStyle(texts: ColumnTexts): Record<string, string> {
  const amount = `max(140px, ${(texts.amount * BOLD).toFixed(1)}ch, calc(${(texts.pair * BOLD).toFixed(1)}ch - var(--fee-width) - ${PAIR_NEIGHBOURS_PX}px))`;
  const fee = `max(92px, ${texts.fee}ch)`;
  const status = `max(90px, calc(${texts.status}ch + ${TAG_PADDING_PX}px))`;
  return {
    '--fee-width': fee,
    '--amount-width': amount,
    '--status-width': status,
    '--grid-width': `calc(${FIXED_COLUMNS_PX}px + var(--status-width) + var(--amount-width) + var(--fee-width))`,
  };
}
