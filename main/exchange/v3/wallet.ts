// Version 3 wallet calls: balances, addresses, withdrawals, transfers, conversions, fees, history.
import type {
  AccountBalances, Balance, ConvertRequest, CryptoAddress, FeeEstimate, InternalWithdrawRequest, Transaction,
  TransactionFilter, TransferRequest, WithdrawalRequest,
} from '../domain';
import { BENEFICIARY_KINDS, WALLET_ACCOUNTS } from '../domain';
import { asArray, asObject, id } from '../json';
import type { Settled } from '../operations';
import { walkById, walkByIdPipelined, walkByTime } from '../paging';
import type { FeeQuery } from '../treasury-api';
import { requireCode, requireOneOf, requirePositive, requireText } from '../validate';
import { inputError } from '../errors';
import type { V3Calls } from './calls';
import {
  parseAddress, parseBalances, parseFeeEstimate, parseIdList, parseResultBoolean, parseResultId, parseTransaction,
} from './records';

const PAGE_SIZE = 1_000;

export async function walletBalances(calls: V3Calls): Promise<Balance[]> {
  return parseBalances(await calls.read('/api/3/wallet/balance'), 'wallet balances');
}

export async function spotBalances(calls: V3Calls): Promise<Balance[]> {
  return parseBalances(await calls.read('/api/3/spot/balance'), 'spot balances');
}

export async function balances(calls: V3Calls): Promise<AccountBalances> {
  const [wallet, spot] = await Promise.all([walletBalances(calls), spotBalances(calls)]);
  return { wallet, spot };
}

export async function depositAddresses(calls: V3Calls, currency: string, networkCode?: string): Promise<CryptoAddress[]> {
  const reply = await calls.read('/api/3/wallet/crypto/address', { currency: requireCode(currency, 'currency'), network_code: networkCode });
  return Array.isArray(reply) ? reply.map(parseAddress) : [parseAddress(reply)];
}

export async function createDepositAddress(calls: V3Calls, currency: string, networkCode?: string): Promise<CryptoAddress> {
  return parseAddress(await calls.once('POST', '/api/3/wallet/crypto/address', { currency: requireCode(currency, 'currency'), network_code: networkCode }));
}

export async function recentAddresses(
  calls: V3Calls, kind: 'deposit' | 'withdraw', currency: string, networkCode?: string,
): Promise<CryptoAddress[]> {
  const reply = await calls.read(`/api/3/wallet/crypto/address/recent-${kind}`, { currency: requireCode(currency, 'currency'), network_code: networkCode });
  return asArray(reply, `recent ${kind} addresses`).map(parseAddress);
}

export async function isOwnAddress(calls: V3Calls, address: string): Promise<boolean> {
  return parseResultBoolean(await calls.read('/api/3/wallet/crypto/address/check-mine', { address: requireText(address, 'address') }));
}

export async function prepareWithdrawal(calls: V3Calls, request: WithdrawalRequest): Promise<Settled<{ id: string }>> {
  const currency = requireCode(request.currency, 'currency');
  const amount = requirePositive(request.amount, 'amount');
  const address = requireText(request.address, 'address');
  if (request.publicComment !== undefined && request.publicComment.length > 255) throw inputError('publicComment', 'must be at most 255 characters');
  const body = {
    currency, amount: amount.toFixed(), address, network_code: request.networkCode, payment_id: request.paymentId,
    include_fee: request.includeFee, auto_commit: false, fee_level_id: request.feeLevelId, public_comment: request.publicComment,
  };
  const move = { kind: 'withdraw' as const, currency, amount: amount.toFixed(), destination: address };
  return calls.moveMoney(move, '/api/3/wallet/crypto/withdraw', body, (reply) => ({ id: id(asObject(reply, 'withdrawal'), 'id') }));
}

export async function commitWithdrawal(calls: V3Calls, withdrawalId: string): Promise<boolean> {
  const path = `/api/3/wallet/crypto/withdraw/${encodeURIComponent(requireText(withdrawalId, 'id'))}`;
  return parseResultBoolean(await calls.idempotent('PUT', path));
}

export async function rollbackWithdrawal(calls: V3Calls, withdrawalId: string): Promise<boolean> {
  const path = `/api/3/wallet/crypto/withdraw/${encodeURIComponent(requireText(withdrawalId, 'id'))}`;
  return parseResultBoolean(await calls.idempotent('DELETE', path));
}

export async function estimateFee(calls: V3Calls, query: FeeQuery): Promise<FeeEstimate> {
  const currency = requireCode(query.currency, 'currency');
  const amount = requirePositive(query.amount, 'amount').toFixed();
  const reply = await calls.read('/api/3/wallet/crypto/fee/estimate', { currency, amount, network_code: query.networkCode });
  return parseFeeEstimate(reply, currency, amount);
}

export async function estimateFees(calls: V3Calls, queries: readonly FeeQuery[]): Promise<FeeEstimate[]> {
  const body = queries.map((query, index) => ({
    currency: requireCode(query.currency, `queries[${index}].currency`),
    amount: requirePositive(query.amount, `queries[${index}].amount`).toFixed(),
    network_code: query.networkCode,
  }));
  const reply = await calls.idempotent('POST', '/api/3/wallet/crypto/fees/estimate', body);
  return asArray(reply, 'fees').map((item, index) => parseFeeEstimate(item, body[index]?.currency ?? '', body[index]?.amount));
}

export async function transfer(calls: V3Calls, request: TransferRequest): Promise<Settled<string[]>> {
  const currency = requireCode(request.currency, 'currency');
  const amount = requirePositive(request.amount, 'amount').toFixed();
  const source = requireOneOf(request.source, WALLET_ACCOUNTS, 'source');
  const destination = requireOneOf(request.destination, WALLET_ACCOUNTS, 'destination');
  if (source === destination) throw inputError('destination', 'must differ from source');
  const move = { kind: 'transfer' as const, currency, amount, destination: `${source}>${destination}` };
  return calls.moveMoney(move, '/api/3/wallet/transfer', { currency, amount, source, destination }, (reply) => parseIdList(reply, 'transfer'));
}

export async function convert(calls: V3Calls, request: ConvertRequest): Promise<Settled<string[]>> {
  const from = requireCode(request.fromCurrency, 'fromCurrency');
  const to = requireCode(request.toCurrency, 'toCurrency');
  if (from === to) throw inputError('toCurrency', 'must differ from fromCurrency');
  const amount = requirePositive(request.amount, 'amount').toFixed();
  const move = { kind: 'convert' as const, currency: from, amount, destination: to };
  return calls.moveMoney(move, '/api/3/wallet/convert', { from_currency: from, to_currency: to, amount }, (reply) => parseIdList(reply, 'convert'));
}

export async function internalWithdraw(calls: V3Calls, request: InternalWithdrawRequest): Promise<Settled<string>> {
  const currency = requireCode(request.currency, 'currency');
  const amount = requirePositive(request.amount, 'amount').toFixed();
  const by = requireOneOf(request.by, BENEFICIARY_KINDS, 'by');
  const identifier = requireText(request.identifier, 'identifier');
  const move = { kind: 'internalWithdraw' as const, currency, amount, destination: identifier };
  return calls.moveMoney(move, '/api/3/wallet/internal/withdraw', { currency, amount, by, identifier }, parseResultId);
}

/** The newest transaction's id, or null for an empty history: the cursor a money move is matched after. */
export async function newestTransactionId(calls: V3Calls): Promise<string | null> {
  const list = asArray(await calls.read('/api/3/wallet/transactions', { order_by: 'id', sort: 'DESC', limit: 1 }), 'transactions');
  return list.length === 0 ? null : parseTransaction(list[0]).id;
}

export async function transaction(calls: V3Calls, transactionId: string): Promise<Transaction> {
  return parseTransaction(await calls.read(`/api/3/wallet/transactions/${encodeURIComponent(requireText(transactionId, 'id'))}`));
}

/** Id cursor for the whole history; created_at cursor when a time range is asked for. */
export function transactions(calls: V3Calls, filter: TransactionFilter = {}): AsyncIterable<Transaction> {
  const base = {
    currencies: filter.currencies, types: filter.types, subtypes: filter.subtypes, statuses: filter.statuses, sort: 'ASC',
  };
  const fetchList = async (query: Record<string, string | number | readonly string[] | undefined>) =>
    asArray(await calls.read('/api/3/wallet/transactions', { ...base, ...query }), 'transactions').map(parseTransaction);
  if (filter.idFrom !== undefined) {
    return walkById((idFrom, limit) => fetchList({ order_by: 'id', id_from: idFrom, limit }), (tx) => tx.id, PAGE_SIZE, filter.idFrom);
  }
  if (filter.from === undefined && filter.till === undefined) {
    // Statuses change while we read, which would shift offsets: walk strictly by cursor then.
    if (filter.statuses !== undefined) {
      return walkById((idFrom, limit) => fetchList({ order_by: 'id', id_from: idFrom, limit }), (tx) => tx.id, PAGE_SIZE);
    }
    return walkByIdPipelined(
      (idFrom, offset, limit) => fetchList({ order_by: 'id', id_from: idFrom, offset, limit }),
      (tx) => tx.id, { pageSize: PAGE_SIZE },
    );
  }
  return walkByTime(
    (from, limit) => fetchList({ order_by: 'created_at', from, till: filter.till, limit }),
    (tx) => tx.createdAt, (tx) => tx.id, filter.from, PAGE_SIZE,
  );
}
