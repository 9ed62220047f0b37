// A version 2 account transaction → the domain's Transaction, in the domain's (version 3) words.
// The inverse of the service's own mapping (one state read through both versions):
//   status  created CREATED, pending PENDING, success SUCCESS, failed FAILED; version 2 shows a
//           rolled-back withdrawal as failed too, so a failed payout WITHOUT an errorCode reads as
//           ROLLED_BACK: a payout the service failed carries its reason (api-v2.md: errorCode is
//           "payout failure reason"), one its owner rolled back has none. Only a payout has two
//           phases; any other failed record stays FAILED. Without this a lost
//           rollback answer would never be recognised as done;
//   type    payout WITHDRAW and payin DEPOSIT (BLOCKCHAIN, or OFFCHAIN when settled off-chain),
//           bankToExchange TRANSFER WALLET_TO_SPOT, exchangeToBank TRANSFER SPOT_TO_WALLET,
//           subType swap → SWAP INSTANT_EXCHANGE (a conversion; its leg from the type: deposit
//           paid in, withdraw paid out),
//           deposit / withdraw → DEPOSIT / WITHDRAW: OFFCHAIN with subType offchain; SUB_ACCOUNT
//           when it carries an offchainId without that subType (a move between a master and its
//           sub-account is the one internal move version 2 leaves unnamed: read so, a lost
//           sub-account transfer is still recognised in the history); else UNCLASSIFIED
//           (airdrops, staking and the like, which version 2 does not tell apart).
// id and txId are both the version 2 id (the record's native tx_id); `index` (when the record was
// last updated) is kept beside it for the history cursors.
import type { Transaction } from '../domain';
import { ApiError } from '../errors';
import { asArray, asObject, decimal, id, optDecimal, optInt, optStr, str, type JsonObject } from '../json';

const STATUS: Readonly<Record<string, string>> = { created: 'CREATED', pending: 'PENDING', failed: 'FAILED', success: 'SUCCESS' };

const TRANSFER_SUBTYPE: Readonly<Record<string, string>> = { bankToExchange: 'WALLET_TO_SPOT', exchangeToBank: 'SPOT_TO_WALLET' };

function unexpected(field: string, value: string): ApiError {
  return new ApiError({ kind: 'response', message: `Unexpected response: ${field} "${value}" is unknown`, field, description: `${field} is unknown` });
}

/** [type, subtype, operationType] in the domain's words. */
function kindOf(type: string, subType: string | undefined, internal: boolean): [string, string, string | undefined] {
  const offchain = subType === 'offchain';
  switch (type) {
    case 'payout': return ['WITHDRAW', offchain ? 'OFFCHAIN' : 'BLOCKCHAIN', undefined];
    case 'payin': return ['DEPOSIT', offchain ? 'OFFCHAIN' : 'BLOCKCHAIN', undefined];
    case 'bankToExchange':
    case 'exchangeToBank':
      return ['TRANSFER', TRANSFER_SUBTYPE[type] ?? 'UNCLASSIFIED', undefined];
    case 'deposit':
    case 'withdraw':
      if (subType === 'swap') return ['SWAP', 'INSTANT_EXCHANGE', type];
      return [type === 'deposit' ? 'DEPOSIT' : 'WITHDRAW', offchain ? 'OFFCHAIN' : internal ? 'SUB_ACCOUNT' : 'UNCLASSIFIED', undefined];
    default:
      throw unexpected('type', type);
  }
}

export interface TransactionV2 {
  transaction: Transaction;
  /** Version 2's `index`: when the record was last updated, as a whole number (decimal text). */
  index: string;
}

function firstOffchainId(record: JsonObject): string | undefined {
  const value = record.offchainId;
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (value === undefined || value === null) return undefined;
  const list = asArray(value, 'offchainId');
  return typeof list[0] === 'string' && list[0] !== '' ? list[0] : undefined;
}

export function parseTransactionV2(value: unknown): TransactionV2 {
  const record = asObject(value, 'transaction');
  const statusWord = str(record, 'status');
  const status = STATUS[statusWord];
  if (status === undefined) throw unexpected('status', statusWord);
  const offchainId = firstOffchainId(record);
  const typeWord = str(record, 'type');
  const [type, subtype, operationType] = kindOf(typeWord, optStr(record, 'subType'), offchainId !== undefined);
  const rolledBack = typeWord === 'payout' && status === 'FAILED' && (optStr(record, 'errorCode') ?? '') === '';
  const txId = id(record, 'id');
  const index = id(record, 'index');
  if (!/^\d+$/.test(index)) throw unexpected('index', index);
  const createdAt = str(record, 'createdAt');
  return {
    index,
    transaction: {
      id: txId,
      status: rolledBack ? 'ROLLED_BACK' : status,
      type,
      subtype,
      createdAt,
      updatedAt: optStr(record, 'updatedAt') ?? createdAt,
      currency: str(record, 'currency'),
      amount: decimal(record, 'amount'),
      fee: optDecimal(record, 'fee'),
      networkCode: optStr(record, 'networkCode'),
      address: optStr(record, 'address'),
      paymentId: optStr(record, 'paymentId'),
      hash: optStr(record, 'hash'),
      txId,
      operationId: undefined,
      operationType,
      offchainId,
      confirmations: optInt(record, 'confirmations'),
      publicComment: optStr(record, 'publicComment'),
      meta: undefined,
    },
  };
}
