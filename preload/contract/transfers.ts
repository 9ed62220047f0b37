// Money moved inside the service beyond wallet ↔ spot (which stays with the wallet's part): to
// another user of the service, and from one currency to another at a live quote; and the
// account's recent movements (transfers, conversions, transfers to and from other users).
// Amounts are decimal text.
import { z } from 'zod';
import { amount, currency } from './fields';
import { changes, noPayload, reads, type EventList, type Op, type OperationSpecs } from './operation';
import { visibleText } from './profile-schemas';

export const BENEFICIARY_KINDS = ['email', 'username', 'external_id'] as const;
export type BeneficiaryKind = (typeof BENEFICIARY_KINDS)[number];

/** How each kind of beneficiary identifier is called in a sentence. */
export const BENEFICIARY_WORDS: Readonly<Record<BeneficiaryKind, string>> = {
  email: 'email',
  username: 'username',
  external_id: 'external id',
};

/** A local part, one @, and a domain with a dot: enough to catch a typo; the service checks the rest. */
export const looksLikeEmail = (text: string): boolean => /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(text);

export interface SendToUserInput {
  currency: string;
  amount: string;
  by: BeneficiaryKind;
  identifier: string;
  /** The identifier typed a second time at the review step: main refuses the move when they differ. */
  identifierAgain: string;
}

/** The outcome of a move that is sent once and never repeated by itself. */
export type SendToUserResult =
  | { state: 'done'; transactionId: string }
  /** The answer was lost: the ledger's move `moveId` is being checked and must not be repeated. */
  | { state: 'uncertain'; reason: string; moveId: string };

/** A currency the from-currency can be converted into, with an indicative rate. */
export interface ConversionTarget {
  currency: string;
  /** Units of `currency` for one unit of the from-currency, before the spread. */
  rate: string;
}

export interface ConversionPair {
  fromCurrency: string;
  toCurrency: string;
}

/** A price for converting, as main last heard it; conversions are sent against one by id. */
export interface ConversionQuote extends ConversionPair {
  /** Names this quote in ConvertInput; main keeps only its recent quotes. */
  quoteId: string;
  /** Units of toCurrency for one unit of fromCurrency, before the spread. */
  rate: string;
  /** The share of the converted value the service keeps, e.g. "0.002". */
  spread: string;
  /** Service time the rate is from (ISO). */
  pricedAt: string;
  /** Where it came from: the price-rate stream, or a one-off read. */
  source: 'stream' | 'rest';
  /** Decimal places each side's amounts take. */
  fromPrecision: number;
  toPrecision: number;
}

/** A quote older than this (since main heard it) is stale: re-quote before sending. */
export const QUOTE_STALE_MS = 5_000;

export interface ConvertInput extends ConversionPair {
  /** What leaves the wallet, in fromCurrency. */
  amount: string;
  /** The quote the person reviewed; refused (field `quote`) when unknown or stale. */
  quoteId: string;
}

export interface MovedAmount {
  currency: string;
  amount: string;
  transactionId: string;
}

export type ConvertResult =
  | {
      state: 'done';
      transactionIds: string[];
      /** Read back from the service's transactions; null when they could not be read. */
      debited: MovedAmount | null;
      credited: MovedAmount | null;
      /** What the quote promised to credit (rounded down to toCurrency's precision). */
      expected: string;
      /** credited − expected; null when the credit could not be read back. */
      difference: string | null;
    }
  | { state: 'uncertain'; reason: string; moveId: string };

/** One transaction of the account that moved money inside the service. */
export interface MovementView {
  id: string;
  /** TRANSFER, SWAP, or WITHDRAW / DEPOSIT with subtype OFFCHAIN or SUB_ACCOUNT. */
  type: string;
  subtype: string;
  status: string;
  currency: string;
  amount: string;
  createdAt: string;
  /** Shared by the two legs of a conversion. */
  operationId: string | null;
  /** out: left this account's wallet (a conversion's paid leg, a send); in: arrived; null: moved between its own sides. */
  direction: 'out' | 'in' | null;
}

/** Everything the service says about one movement. */
export interface MovementRecord extends MovementView {
  updatedAt: string;
  fee: string | null;
  networkCode: string | null;
  address: string | null;
  paymentId: string | null;
  hash: string | null;
  txId: string | null;
  confirmations: number | null;
  publicComment: string | null;
}

export interface MovementQuery {
  /** Only this currency's movements. */
  currency?: string;
  /** Newest first; 50 unless given (at most 200). */
  limit?: number;
}

export interface TransferOperations {
  /** An internal withdrawal: created and committed at once by the service, cannot be undone. */
  sendToUser: Op<SendToUserInput, SendToUserResult>;
  /** The currencies the service can price `fromCurrency` in. */
  listConversionTargets: Op<{ fromCurrency: string }, ConversionTarget[]>;
  /** A fresh quote read once from the service (a re-quote). */
  getConversionQuote: Op<ConversionPair, ConversionQuote>;
  /** Follows the pair's price-rate stream (replacing the pair watched before): conversionQuote events. */
  watchConversionQuote: Op<ConversionPair, ConversionQuote>;
  stopConversionQuote: Op<void, void>;
  convertFunds: Op<ConvertInput, ConvertResult>;
  listMovements: Op<MovementQuery, MovementView[]>;
  getMovement: Op<{ id: string }, MovementRecord>;
}

const pair = { fromCurrency: currency, toCurrency: currency };
const differentCurrencies = (input: ConversionPair) => input.fromCurrency.toUpperCase() !== input.toCurrency.toUpperCase();
const SAME_CURRENCY = { message: 'Choose a currency other than the one converted from', path: ['toCurrency'] };
const identifier = z.string().trim().min(1, 'Enter who receives it').max(254, 'identifier is too long');
const quoteId = z.string().trim().min(1, 'Get a quote first').max(128, 'quote id is too long').superRefine(visibleText('The quote id'));
const transactionId = z.string().trim().min(1, 'id is missing').max(64, 'id is too long').regex(/^[A-Za-z0-9_-]+$/, 'id is not valid');

export const TRANSFER_OPERATIONS = {
  sendToUser: changes(
    z
      .object({
        currency,
        amount,
        by: z.enum(BENEFICIARY_KINDS, { error: 'by must be email, username or external_id' }),
        identifier,
        identifierAgain: z.string().trim().max(254, 'identifier is too long'),
      })
      .strict()
      .refine((input) => input.identifierAgain === input.identifier, {
        message: 'Type the same identifier again to confirm',
        path: ['identifierAgain'],
      }),
  ),
  listConversionTargets: reads(z.object({ fromCurrency: currency }).strict()),
  getConversionQuote: reads(z.object(pair).strict().refine(differentCurrencies, SAME_CURRENCY)),
  watchConversionQuote: changes(z.object(pair).strict().refine(differentCurrencies, SAME_CURRENCY)),
  stopConversionQuote: changes(noPayload),
  convertFunds: changes(z.object({ ...pair, amount, quoteId }).strict().refine(differentCurrencies, SAME_CURRENCY)),
  listMovements: reads(
    z
      .object({
        currency: currency.optional(),
        limit: z.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').optional(),
      })
      .strict(),
  ),
  getMovement: reads(z.object({ id: transactionId }).strict()),
} as const satisfies OperationSpecs<TransferOperations>;

export interface TransferEvents {
  /** A newer price for the watched pair. */
  conversionQuote: { profileId: string; quote: ConversionQuote };
  /** A movement appeared or changed on the wallet stream. */
  movementRecorded: { profileId: string; movement: MovementView };
}

export const TRANSFER_EVENTS = { conversionQuote: true, movementRecorded: true } as const satisfies EventList<TransferEvents>;
