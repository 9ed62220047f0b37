// Bulk historical wallet transactions: deterministic from a seed, inserted in one SQLite
// transaction with one prepared statement (10 000 at seed time; up to 200 000 on request).
import Decimal from '../decimal';
import { CURRENCIES, type CurrencyDef, type NetworkDef } from '../catalog';
import type { SandboxDb } from '../db/open';
import { INSERT_TX_POSITIONAL_SQL, txValues, type NewTx, type TxStatus, type TxSubtype, type TxType } from '../db/transactions';
import { generateAddress } from '../wallet/address-gen';
import { CONVERT_SPREAD } from '../wallet/balance-routes';
import { Prng } from './prng';

const DAY_MS = 86_400_000;
export const HISTORY_DAYS = 90;
export const MAX_BULK_TRANSACTIONS = 200_000;

const TYPE_WEIGHTS = [['DEPOSIT', 35], ['WITHDRAW', 30], ['TRANSFER', 25], ['SWAP', 10]] as const;
const SUBTYPES: Record<Exclude<TxType, 'SWAP'>, readonly (readonly [TxSubtype, number])[]> = {
  DEPOSIT: [['BLOCKCHAIN', 60], ['OFFCHAIN', 10], ['AIRDROP', 5], ['STAKING', 8], ['AFFILIATE', 4], ['BUY_CRYPTO', 8], ['SUB_ACCOUNT', 5]],
  WITHDRAW: [['BLOCKCHAIN', 75], ['OFFCHAIN', 15], ['SUB_ACCOUNT', 10]],
  TRANSFER: [['WALLET_TO_SPOT', 55], ['SPOT_TO_WALLET', 45]],
};
const CRYPTO = CURRENCIES.filter((c) => c.crypto);
/** Counterparty addresses per network: a pool, so bulk inserts do not hash for every row. */
const ADDRESS_POOL_SIZE = 64;
const addressPools = new Map<string, string[]>();

export function poolAddress(prng: Prng, network: NetworkDef): string {
  let pool = addressPools.get(network.network);
  if (!pool) {
    pool = Array.from({ length: ADDRESS_POOL_SIZE }, (_, i) => generateAddress(network, `history:${network.network}:${i}`));
    addressPools.set(network.network, pool);
  }
  return pool[(prng.next() * pool.length) | 0] as string;
}

export interface BulkHistoryOptions {
  accountId: number;
  count: number;
  seed: number;
  nowMs: number;
  days?: number;
}

/**
 * Inserts exactly `count` settled transactions spread over the last `days` days, oldest first. A
 * conversion takes two of them, its legs, as the live convert call records it; a conversion drawn
 * for the last free slot becomes another kind so the count stays the one asked for.
 */
export function insertHistory(db: SandboxDb, options: BulkHistoryOptions): void {
  insertTransactions(db, generateHistory(options));
}

/** The transactions insertHistory inserts, oldest first, made as they are read (a bulk insert holds none of them). */
export function* generateHistory(options: BulkHistoryOptions): Generator<NewTx> {
  const prng = new Prng(options.seed ^ (options.accountId * 7919));
  const span = (options.days ?? HISTORY_DAYS) * DAY_MS;
  const times = Array.from({ length: options.count }, () => options.nowMs - 60_000 - Math.floor(prng.next() * span));
  times.sort((a, b) => a - b);
  for (let i = 0; i < times.length; ) {
    const room = times.length - i;
    const made = historicalRecords(prng, options.accountId, times[i] as number, options.nowMs, room >= 2);
    yield* made;
    i += made.length;
  }
}

/** Inserts in order with one prepared statement, in one SQLite transaction (or the caller's). */
export function insertTransactions(db: SandboxDb, records: Iterable<NewTx>): void {
  const insert = db.prepare(INSERT_TX_POSITIONAL_SQL);
  db.transaction(() => {
    for (const record of records) insert.run(txValues(record));
  })();
}

function historicalRecords(prng: Prng, accountId: number, createdAt: number, nowMs: number, pairFits: boolean): NewTx[] {
  const type = prng.weighted(pairFits ? TYPE_WEIGHTS : TYPE_WEIGHTS.filter(([t]) => t !== 'SWAP'));
  return type === 'SWAP' ? conversionLegs(prng, accountId, createdAt, nowMs) : [historicalTx(prng, type, accountId, createdAt, nowMs)];
}

/**
 * A conversion as the service records it: a 'withdraw' leg of the source currency and a 'deposit'
 * leg of the target, one operation id, one status and time, and the conversion's terms in meta.
 */
function conversionLegs(prng: Prng, accountId: number, createdAt: number, nowMs: number): NewTx[] {
  const from = prng.pick(CRYPTO);
  const others = CRYPTO.filter((c) => c.code !== from.code);
  const to = prng.pick(others);
  const paid = randomAmount(prng, from);
  const { rate, rateText } = conversionRate(from, to);
  const received = new Decimal(paid).times(rate).times(AFTER_SPREAD)
    .toDecimalPlaces(to.decimals, Decimal.ROUND_DOWN).toFixed(to.decimals);
  const status = pickStatus(prng, 'SWAP');
  const updatedAt = Math.min(createdAt + prng.int(1_000, 60_000), nowMs - 1_000);
  const operationId = uuid(prng);
  const meta = JSON.stringify({ source_currency: from.code, target_currency: to.code, source_amount: paid, target_amount: received, rate: rateText });
  const leg = (currency: CurrencyDef, amount: string, operationType: 'withdraw' | 'deposit'): NewTx => ({
    ...blankTx(accountId, createdAt, updatedAt), status, type: 'SWAP', subtype: 'INSTANT_EXCHANGE', operation_id: operationId,
    tx_id: uuid(prng), currency: currency.code, amount, operation_type: operationType, meta,
  });
  return [leg(from, paid, 'withdraw'), leg(to, received, 'deposit')];
}

/** What a conversion keeps after the spread. */
const AFTER_SPREAD = new Decimal(1).minus(CONVERT_SPREAD);
const RATES = new Map<string, { rate: Decimal; rateText: string }>();

/** One currency's reference price in another: a few dozen pairs, each divided once per process. */
function conversionRate(from: CurrencyDef, to: CurrencyDef): { rate: Decimal; rateText: string } {
  const pair = `${from.code}/${to.code}`;
  let known = RATES.get(pair);
  if (known === undefined) {
    const rate = new Decimal(from.referencePriceUsdt).div(to.referencePriceUsdt);
    known = { rate, rateText: rate.toString() };
    RATES.set(pair, known);
  }
  return known;
}

export function blankTx(accountId: number, createdAt: number, updatedAt: number): Omit<NewTx, 'status' | 'type' | 'subtype' | 'operation_id' | 'tx_id' | 'currency' | 'amount'> {
  return {
    account_id: accountId, created_at: createdAt, updated_at: updatedAt, last_activity_at: updatedAt, network: null, fee: null,
    address: null, payment_id: null, hash: null, offchain_id: null, confirmations: null, required_confirmations: null,
    public_comment: null, error_code: null, senders: null, wallet_id: null, operation_type: null, meta: null, held: null,
    commit_deadline: null, broadcast_at: null,
  };
}

function historicalTx(prng: Prng, type: Exclude<TxType, 'SWAP'>, accountId: number, createdAt: number, nowMs: number): NewTx {
  const subtype = prng.weighted(SUBTYPES[type]);
  const currency = prng.pick(CRYPTO);
  const network = currency.networks.length > 0 ? prng.pick(currency.networks) : undefined;
  const status = pickStatus(prng, type);
  const updatedAt = Math.min(createdAt + prng.int(1_000, 3_600_000), nowMs - 1_000);
  const onChain = subtype === 'BLOCKCHAIN' && network !== undefined;
  return {
    account_id: accountId, status, type, subtype, created_at: createdAt, updated_at: updatedAt,
    last_activity_at: updatedAt, operation_id: uuid(prng), tx_id: uuid(prng), currency: currency.code,
    network: network?.network ?? null, amount: randomAmount(prng, currency),
    fee: type === 'WITHDRAW' && network ? network.payoutFee : null,
    address: onChain ? poolAddress(prng, network) : null,
    payment_id: null,
    hash: onChain && status !== 'ROLLED_BACK' ? prng.hex(64) : null,
    offchain_id: subtype === 'OFFCHAIN' ? prng.hex(24) : null,
    confirmations: onChain ? network.payinConfirmations : null,
    required_confirmations: onChain ? network.payinConfirmations : null,
    public_comment: null, error_code: status === 'FAILED' && type === 'WITHDRAW' ? 'INVALID_ADDRESS' : null,
    senders: type === 'DEPOSIT' && onChain ? '[]' : null, wallet_id: null, operation_type: null,
    meta: null, held: null, commit_deadline: null, broadcast_at: null,
  };
}

function pickStatus(prng: Prng, type: TxType): TxStatus {
  if (type === 'WITHDRAW') return prng.weighted([['SUCCESS', 86], ['FAILED', 5], ['ROLLED_BACK', 9]] as const);
  return prng.weighted([['SUCCESS', 95], ['FAILED', 5]] as const);
}

function randomAmount(prng: Prng, currency: CurrencyDef): string {
  return usdtWorthDown(10 + Math.floor(prng.next() * 5000), currency);
}

/**
 * `usdt` (a whole number) divided by the currency's reference price, rounded down to its decimals,
 * as decimal.js gives it (usdt.div(price).toDecimalPlaces(decimals, ROUND_DOWN).toFixed(decimals)):
 * exact on whole numbers, because a seed draws thousands of these and decimal.js's division at
 * the sandbox's precision was most of the time spent making them.
 */
export function usdtWorthDown(usdt: number, currency: CurrencyDef): string {
  const [whole = '0', fraction = ''] = currency.referencePriceUsdt.split('.');
  const price = BigInt(whole + fraction);
  const scaled = (BigInt(usdt) * 10n ** BigInt(currency.decimals + fraction.length)) / price;
  if (currency.decimals === 0) return scaled.toString();
  const digits = scaled.toString().padStart(currency.decimals + 1, '0');
  return `${digits.slice(0, -currency.decimals)}.${digits.slice(-currency.decimals)}`;
}

export function uuid(prng: Prng): string {
  const h = prng.hex(32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
