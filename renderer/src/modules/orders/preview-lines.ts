// What the order review repeats before anything is sent, line by line, from main's preview: the
// price (a market order's estimated from the book, and when), quantity, notional, fee, what it holds
// and brings, the available balance, and the same amount converted instantly beside it.
import type { Money, OrderPreview } from '../../../../preload/contract/orders';
import { showClock } from '../display/show-time';
import type { ReviewLine } from '../form-kit/ReviewSummary.vue';
import { formatMoneyWithCode, toDecimal, type Precisions } from '../money/money-format';
import { ratePercent } from './order-draft';
import { priceText, sideWord, sidesOfSymbol, timeInForceWord, typeWord } from './order-words';

export function previewLines(preview: OrderPreview, precision: Precisions): ReviewLine[] {
  const money = (m: Money) => formatMoneyWithCode(m.amount, m.currency, precision);
  const { draft, symbol } = preview;
  const price = `${priceText(preview.price, sidesOfSymbol(symbol))} per ${symbol.baseCurrency}`;
  const tif = draft.timeInForce ?? (draft.type === 'limit' ? 'GTC' : 'FOK');
  const lines: ReviewLine[] = [
    { label: 'Order', value: `${sideWord(draft.side)} ${symbol.baseCurrency} for ${symbol.quoteCurrency} (${symbol.symbol}), ${typeWord(draft.type).toLowerCase()}, ${timeInForceWord(tif)}`, testid: 'place-review-order' },
    {
      label: 'Price',
      value: preview.priceSource.kind === 'book' ? `about ${price}, estimated from the order book at ${showClock(preview.priceSource.at)}` : price,
      testid: 'place-review-price',
    },
    { label: 'Quantity', value: formatMoneyWithCode(draft.quantity, symbol.baseCurrency, precision), strong: true, testid: 'place-review-quantity' },
    { label: 'Notional', value: money(preview.notional), testid: 'place-review-notional' },
    { label: 'Fee', value: `at most ${money(preview.fee)} (the taker rate, ${ratePercent(symbol.takeRate)})`, testid: 'place-review-fee' },
    { label: 'Holds now', value: `${money(preview.reserves)} of the spot balance`, testid: 'place-review-reserves' },
    { label: draft.type === 'limit' ? 'Brings once filled' : 'Brings', value: money(preview.receives), strong: true, testid: 'place-review-receives' },
    { label: 'Available', value: `${money(preview.available)} in spot`, testid: 'place-review-available' },
  ];
  if (preview.conversion === null) {
    lines.push({ label: 'Instant conversion', value: 'No quote now to compare with', testid: 'place-review-conversion' });
    return lines;
  }
  lines.push({
    label: 'Instant conversion',
    value: `would receive ${money(preview.conversion.receives)} (quoted at ${showClock(preview.conversion.pricedAt)})`,
    testid: 'place-review-conversion',
  });
  if (preview.advantage) lines.push({ label: 'Difference', value: advantageWords(preview.advantage, precision), testid: 'place-review-advantage' });
  return lines;
}

/** "This order receives 12.50 USDT more" / "… less" / "The same". */
export function advantageWords(advantage: Money, precision: Precisions): string {
  const amount = toDecimal(advantage.amount);
  if (amount === null) return advantage.amount;
  if (amount.isZero()) return 'The same either way';
  const size = formatMoneyWithCode(amount.abs().toFixed(), advantage.currency, precision);
  return amount.isPositive() ? `This order receives ${size} more` : `This order receives ${size} less — the conversion gives more`;
}
