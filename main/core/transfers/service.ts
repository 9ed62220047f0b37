// Money moved beyond wallet ↔ spot: sending to another user of the service, and converting at a
// quote the person reviewed. Each is checked field by field before anything is sent, then goes
// through the ledger (audited before and after, uncertain when the reply is lost, never re-sent);
// a conversion is then read back from the service's own transactions and compared with its quote.
import Decimal from '../../../preload/contract/decimal';
import { differenceFromQuote, expectedReceive, type QuoteTerms } from '../../../preload/contract/conversion-math';
import type {
  ConversionQuote, ConvertInput, ConvertResult, MovedAmount, MovementView, SendToUserInput, SendToUserResult,
} from '../../../preload/contract/transfers';
import type { Currency, Transaction } from '../../exchange/domain';
import type { TreasuryApi } from '../../exchange/treasury-api';
import { AppFailure } from '../app-error';
import type { PendingLedger } from '../pending/ledger';
import { serviceCall, toAppFailure } from '../session/api-failure';
import type { ProfileRef } from '../session/ports';
import { BENEFICIARY_WORDS } from '../../../preload/contract/transfers';
import { findCurrency, invalid, normalCode } from '../field-checks';
import { checkAmountText, checkBeneficiary, checkCovered, checkPrecision } from './checks';
import { MovementLog, type MovementApi } from './movements';
import { QuoteBook, type QuoteApi, type QuoteDeps } from './quotes';

export type TransfersApi = QuoteApi & MovementApi & Pick<TreasuryApi, 'walletBalances' | 'internalWithdraw' | 'convert'>;

export interface TransfersNotices {
  quote(quote: ConversionQuote): void;
  movement(movement: MovementView): void;
}

export interface TransfersDeps {
  api: TransfersApi;
  ledger: PendingLedger;
  profile: ProfileRef;
  notices: TransfersNotices;
  currencies(): Promise<Currency[]>;
  /** Local clock for the quotes' age (tests may replace it). */
  now?: QuoteDeps['now'];
}

const CHECKING = 'It is being checked; do not repeat it.';

export class TransfersService {
  readonly quotes: QuoteBook;
  readonly movements: MovementLog;

  constructor(private readonly deps: TransfersDeps) {
    this.quotes = new QuoteBook({ api: deps.api, currencies: deps.currencies, notices: { quote: deps.notices.quote }, now: deps.now });
    this.movements = new MovementLog({ api: deps.api, notices: { movement: deps.notices.movement } });
  }

  /** An internal withdrawal to another user: created and committed at once, so checked twice first. */
  async sendToUser(input: SendToUserInput): Promise<SendToUserResult> {
    const typed = checkAmountText(input.amount);
    const identifier = checkBeneficiary(input.by, input.identifier, input.identifierAgain);
    const currency = findCurrency(input.currency, await serviceCall(() => this.deps.currencies()), 'currency');
    const code = currency.code;
    if (!currency.payoutEnabled || currency.delisted) {
      throw invalid('currency', `The service pays out no ${code} at the moment (its payouts are disabled), so it cannot be sent`);
    }
    const amount = checkPrecision(typed, currency);
    checkCovered(amount, await this.available(code), code);
    const who = `${BENEFICIARY_WORDS[input.by]} ${identifier}`;
    const subject = {
      profileId: this.deps.profile.id, profileName: this.deps.profile.name, action: 'internalWithdraw' as const,
      currency: code, amount: amount.toFixed(), detail: `to the user with ${who}`,
    };
    let sent;
    try {
      sent = await this.deps.ledger.send(
        { kind: 'internalWithdraw', currency: code, amount: amount.toFixed(), destination: identifier },
        subject,
        () => this.deps.api.internalWithdraw({ currency: code, amount, by: input.by, identifier }),
        (id) => [id],
      );
    } catch (error) {
      throw refusal(error, { currency: code, who });
    }
    const settled = sent.result;
    return settled.status === 'done'
      ? { state: 'done', transactionId: settled.value }
      : { state: 'uncertain', reason: `${settled.reason}. ${CHECKING}`, moveId: sent.move.id };
  }

  /** Converts at the quote the person reviewed (refused when unknown or stale), then reads back what moved. */
  async convert(input: ConvertInput): Promise<ConvertResult> {
    const from = normalCode(input.fromCurrency);
    const to = normalCode(input.toCurrency);
    // The quote is checked first: a stale one sends nothing at all, not even a read.
    const quote = this.quotes.recall(input.quoteId, { fromCurrency: from, toCurrency: to });
    const typed = checkAmountText(input.amount);
    const currencies = await serviceCall(() => this.deps.currencies());
    const fromCurrency = findCurrency(from, currencies, 'fromCurrency');
    findCurrency(to, currencies, 'toCurrency');
    const amount = checkPrecision(typed, fromCurrency);
    const terms: QuoteTerms = { rate: quote.rate, spread: quote.spread, fromPrecision: quote.fromPrecision, toPrecision: quote.toPrecision };
    const expected = expectedReceive(amount, terms);
    if (expected.lte(0)) throw invalid('amount', `${amount.toFixed()} ${from} is too little to convert: it would bring 0 ${to}`);
    checkCovered(amount, await this.available(from), from);
    const subject = {
      profileId: this.deps.profile.id, profileName: this.deps.profile.name, action: 'convert' as const,
      currency: from, amount: amount.toFixed(),
      detail: `${from} → ${to} at ${quote.rate} less ${quote.spread} (quote ${quote.quoteId}); expected ${expected.toFixed()} ${to}`,
    };
    let sent;
    try {
      sent = await this.deps.ledger.send(
        { kind: 'convert', currency: from, amount: amount.toFixed(), destination: to },
        subject,
        () => this.deps.api.convert({ fromCurrency: from, toCurrency: to, amount }),
        (ids) => ids,
      );
    } catch (error) {
      throw refusal(error, { currency: from });
    }
    const settled = sent.result;
    if (settled.status !== 'done') return { state: 'uncertain', reason: `${settled.reason}. ${CHECKING}`, moveId: sent.move.id };
    const { debited, credited } = await this.readBack(settled.value, from, to);
    return {
      state: 'done',
      transactionIds: settled.value,
      debited,
      credited,
      expected: expected.toFixed(),
      difference: credited === null ? null : differenceFromQuote(credited.amount, expected, quote.toPrecision).toFixed(),
    };
  }

  /** Scope close: the quote stream stops. */
  close(): void {
    this.quotes.close();
  }

  onServiceTransaction(tx: Transaction): void {
    this.movements.onServiceTransaction(tx);
  }

  /** The legs of a conversion as the service recorded them; a leg that cannot be read is null (the move is done either way). */
  private async readBack(ids: readonly string[], from: string, to: string): Promise<{ debited: MovedAmount | null; credited: MovedAmount | null }> {
    const read = await Promise.allSettled(ids.map((id) => this.deps.api.transaction(id)));
    const legs = read.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const leg = (currency: string): MovedAmount | null => {
      const tx = legs.find((t) => t.currency === currency);
      return tx === undefined ? null : { currency, amount: tx.amount.abs().toFixed(), transactionId: tx.id };
    };
    return { debited: leg(from), credited: leg(to) };
  }

  private async available(code: string): Promise<Decimal> {
    const wallet = await serviceCall(() => this.deps.api.walletBalances());
    const balance = wallet.find((b) => b.currency === code);
    return balance?.available ?? new Decimal(0);
  }
}

/** The service's refusals of a move, in the words of this form (the field comes from api-failure). */
function refusal(error: unknown, about: { currency: string; who?: string }): unknown {
  const failure = toAppFailure(error);
  if (!(failure instanceof AppFailure)) return failure;
  switch (failure.code) {
    case 'API_22004':
      return new AppFailure(failure.code, `No user of the service has the ${about.who ?? 'identifier given'}`, 'identifier');
    case 'API_20018':
      return new AppFailure(failure.code, `The service does not allow sending ${about.currency} now: withdrawals are unavailable under the current configuration`, 'currency');
    case 'API_20001':
      return new AppFailure(failure.code, `Insufficient funds: the wallet's ${about.currency} does not cover the amount`, 'amount');
    default:
      return failure;
  }
}
