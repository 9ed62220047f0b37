// Turns what the exchange client throws into the AppFailure the contract carries: its stable
// code, its plain words, and the field in the contract's names rather than the service's.
import { isApiError } from '../../exchange/errors';
import { outcomeUnknown } from '../../exchange/transport';
import { appErrorText } from '../../../preload/contract/result';
import { AppFailure } from '../app-error';

const CONTRACT_FIELDS: Readonly<Record<string, string>> = {
  network_code: 'network',
  networkCode: 'network',
  payment_id: 'paymentId',
  public_comment: 'publicComment',
  include_fee: 'includeFee',
  source: 'from',
  destination: 'to',
  from_currency: 'fromCurrency',
  to_currency: 'toCurrency',
};

/** Service refusals that are about one field although the service names none. */
const FIELDS_OF_CODES: Readonly<Record<number, string>> = {
  20001: 'amount',
  20018: 'currency',
  22004: 'identifier',
};

export function toAppFailure(error: unknown): unknown {
  if (!isApiError(error)) return error;
  const serviceField = error.field ?? (error.kind === 'service' && error.code !== null ? FIELDS_OF_CODES[error.code] : undefined);
  const field = serviceField === undefined ? undefined : (CONTRACT_FIELDS[serviceField] ?? serviceField);
  return new AppFailure(error.appCode, error.words, field);
}

/** The words an audit entry keeps for a failure. */
export function failureText(error: unknown): string {
  if (isApiError(error)) return error.userMessage;
  if (error instanceof AppFailure) return appErrorText(error);
  return error instanceof Error ? error.message : String(error);
}

/** Runs a call of the client, its failure in the contract's terms. */
export async function serviceCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toAppFailure(error);
  }
}

/** A request whose answer was lost: the service may have done it. */
export const answerLost = (error: unknown): boolean => isApiError(error) && outcomeUnknown(error);
