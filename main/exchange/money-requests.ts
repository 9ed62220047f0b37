// A money move's input, checked the same way whatever the API version: every field refused
// before anything is sent, with an error naming it, and the move described for the ledger in
// case its answer is lost. Each version then writes the checked fields under its own names.
import type {
  BeneficiaryKind, BuyCryptoOrderRequest, ConvertRequest, FeeQuery, InternalWithdrawRequest, SubAccountTransferRequest,
  TransferRequest, WithdrawalRequest,
} from './domain';
import { SUB_ACCOUNT_DIRECTIONS, WALLET_ACCOUNTS } from './domain';
import { inputError } from './errors';
import type { MoveDescription } from './service-calls';
import { requireCode, requireOneOf, requirePositive, requireText } from './validate';

/** The most a withdrawal's public comment may hold (both versions). */
const MAX_PUBLIC_COMMENT = 255;

export function checkedTransfer(request: TransferRequest) {
  const currency = requireCode(request.currency, 'currency');
  const amount = requirePositive(request.amount, 'amount').toFixed();
  const source = requireOneOf(request.source, WALLET_ACCOUNTS, 'source');
  const destination = requireOneOf(request.destination, WALLET_ACCOUNTS, 'destination');
  if (source === destination) throw inputError('destination', 'must differ from source');
  const move: MoveDescription = { kind: 'transfer', currency, amount, destination: `${source}>${destination}` };
  return { currency, amount, source, destination, move };
}

export function checkedConvert(request: ConvertRequest) {
  const from = requireCode(request.fromCurrency, 'fromCurrency');
  const to = requireCode(request.toCurrency, 'toCurrency');
  if (from === to) throw inputError('toCurrency', 'must differ from fromCurrency');
  const amount = requirePositive(request.amount, 'amount').toFixed();
  const move: MoveDescription = { kind: 'convert', currency: from, amount, destination: to };
  return { from, to, amount, move };
}

/** `kinds`: the ways the version can name a beneficiary. */
export function checkedInternalWithdraw<K extends BeneficiaryKind>(request: InternalWithdrawRequest, kinds: readonly K[]) {
  const currency = requireCode(request.currency, 'currency');
  const amount = requirePositive(request.amount, 'amount').toFixed();
  const by = requireOneOf(request.by, kinds, 'by');
  const identifier = requireText(request.identifier, 'identifier');
  const move: MoveDescription = { kind: 'internalWithdraw', currency, amount, destination: identifier };
  return { currency, amount, by, identifier, move };
}

export function checkedWithdrawal(request: WithdrawalRequest) {
  const currency = requireCode(request.currency, 'currency');
  const amount = requirePositive(request.amount, 'amount').toFixed();
  const address = requireText(request.address, 'address');
  if (request.publicComment !== undefined && request.publicComment.length > MAX_PUBLIC_COMMENT) {
    throw inputError('publicComment', `must be at most ${MAX_PUBLIC_COMMENT} characters`);
  }
  const move: MoveDescription = { kind: 'withdraw', currency, amount, destination: address };
  return { currency, amount, address, move };
}

/** `requireId`: how the version checks a sub-account id. */
export function checkedSubAccountTransfer(request: SubAccountTransferRequest, requireId: (value: string, field: string) => string) {
  const subAccountId = requireId(request.subAccountId, 'subAccountId');
  const currency = requireCode(request.currency, 'currency');
  const amount = requirePositive(request.amount, 'amount').toFixed();
  const direction = requireOneOf(request.direction, SUB_ACCOUNT_DIRECTIONS, 'direction');
  const move: MoveDescription = { kind: 'subAccountTransfer', currency, amount, destination: `${direction}:${subAccountId}` };
  return { subAccountId, currency, amount, direction, move };
}

export function checkedBuyOrder(request: BuyCryptoOrderRequest) {
  const source = requireCode(request.source, 'source');
  const target = requireCode(request.target, 'target');
  const sourceAmount = requirePositive(request.sourceAmount, 'sourceAmount').toFixed();
  const paymentMethodId = requireText(request.paymentMethodId, 'paymentMethodId');
  const move: MoveDescription = { kind: 'buyCryptoOrder', currency: source, amount: sourceAmount, destination: `${request.providerId}>${target}` };
  return { source, target, sourceAmount, paymentMethodId, move };
}

/** `at`: where the query sits in a list ('queries[2].'), for the error's field name. */
export function checkedFeeQuery(query: FeeQuery, at = '') {
  return { currency: requireCode(query.currency, `${at}currency`), amount: requirePositive(query.amount, `${at}amount`).toFixed() };
}
