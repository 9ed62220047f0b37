// A service transaction as the history stores it (preload/contract/history.ts HistoryEntry), and
// the one rule that says which way its money went.
import type { HistoryBuyCrypto, HistoryDirection, HistoryEntry } from '../../../preload/contract/history';
import type { BuyCryptoMeta, Transaction } from '../../exchange/domain';

/** Transfer subtypes that bring money into the wallet; the other known ones take it out. */
const INTO_WALLET = new Set(['SPOT_TO_WALLET', 'DERIVATIVES_TO_WALLET', 'CHAIN_SWITCH_TO']);
const OUT_OF_WALLET = new Set(['WALLET_TO_SPOT', 'WALLET_TO_DERIVATIVES', 'CHAIN_SWITCH_FROM']);

/**
 * Which way the wallet's money went:
 * - DEPOSIT in, WITHDRAW out;
 * - TRANSFER by subtype: SPOT_TO_WALLET, DERIVATIVES_TO_WALLET, CHAIN_SWITCH_TO in;
 *   WALLET_TO_SPOT, WALLET_TO_DERIVATIVES, CHAIN_SWITCH_FROM out;
 * - SWAP (and anything else) by its leg, native.operation_type: 'deposit' in, 'withdraw' out;
 * - otherwise a subtype or type that names a deposit or a move into the wallet is in, and
 *   everything else out: an unknown record is never counted as money received by mistake.
 * Fees are always out, whatever the direction (the totals count them apart).
 */
export function directionOf(tx: Pick<Transaction, 'type' | 'subtype' | 'operationType'>): HistoryDirection {
  const type = tx.type.toUpperCase();
  const subtype = tx.subtype.toUpperCase();
  if (type === 'DEPOSIT') return 'in';
  if (type === 'WITHDRAW') return 'out';
  if (type === 'TRANSFER' && INTO_WALLET.has(subtype)) return 'in';
  if (type === 'TRANSFER' && OUT_OF_WALLET.has(subtype)) return 'out';
  const leg = tx.operationType?.toLowerCase();
  if (leg === 'deposit') return 'in';
  if (leg === 'withdraw') return 'out';
  if (INTO_WALLET.has(subtype) || /DEPOSIT|_TO_WALLET$/.test(type) || /DEPOSIT|_TO_WALLET$/.test(subtype)) return 'in';
  return 'out';
}

/** The stored entry of a service transaction; explorerUrl is filled when the entry is read (null here). */
export function entryFromTransaction(tx: Transaction): HistoryEntry {
  return {
    id: tx.id,
    createdAt: tx.createdAt,
    updatedAt: tx.updatedAt,
    type: tx.type,
    subtype: tx.subtype,
    status: tx.status,
    direction: directionOf(tx),
    currency: tx.currency,
    amount: tx.amount.toFixed(),
    fee: tx.fee?.toFixed() ?? null,
    network: tx.networkCode ?? null,
    address: tx.address ?? null,
    paymentId: tx.paymentId ?? null,
    hash: tx.hash ?? null,
    txId: tx.txId ?? null,
    operationId: tx.operationId ?? null,
    offchainId: tx.offchainId ?? null,
    operationType: tx.operationType ?? null,
    confirmations: tx.confirmations ?? null,
    comment: tx.publicComment ?? null,
    buyCrypto: tx.meta !== undefined && isBuyCrypto(tx) ? buyCryptoOf(tx.meta) : null,
    explorerUrl: null,
  };
}

/** A swap's meta names its currencies too; only a buy-crypto delivery carries the provider's details. */
function isBuyCrypto(tx: Transaction): boolean {
  return tx.subtype.toUpperCase() === 'BUY_CRYPTO' || tx.meta?.providerName !== undefined;
}

function buyCryptoOf(meta: BuyCryptoMeta): HistoryBuyCrypto {
  return {
    provider: meta.providerName ?? null,
    sourceCurrency: meta.sourceCurrency ?? null,
    sourceAmount: meta.sourceAmount?.toFixed() ?? null,
    targetCurrency: meta.targetCurrency ?? null,
    targetAmount: meta.targetAmount?.toFixed() ?? null,
    paymentMethod: meta.paymentMethodType ?? null,
  };
}
