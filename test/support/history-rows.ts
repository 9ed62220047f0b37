// Deterministic HistoryEntry rows for tests and benchmarks: the same count and seed give the same
// rows. Every type, subtype and status, currencies with 2 to 18 decimals (18-decimal amounts use
// all 18), swaps in pairs sharing an operation id and a time, buy-crypto deposits with their
// details, sub-account moves with an offchain id, and comments a CSV writer must quote or guard
// against formulas (=SUM(A1), +1, -2, @cmd, commas, quotes, line breaks).
import type { HistoryEntry } from '../../preload/contract/history';

export interface HistoryRowOptions {
  seed?: number;
  /** createdAt of the first row (default 2024-01-01T00:00:00Z). */
  startMs?: number;
  /** Mean gap between rows in ms (default 60 s). */
  stepMs?: number;
  /** id of the first row (numeric text; default 1000000). */
  firstId?: number;
}

interface CurrencySpec {
  code: string;
  decimals: number;
  networks: readonly string[];
}

export const GENERATED_CURRENCIES: readonly CurrencySpec[] = [
  { code: 'BTC', decimals: 8, networks: ['BTC'] },
  { code: 'ETH', decimals: 18, networks: ['ETH', 'ARB'] },
  { code: 'USDT', decimals: 6, networks: ['ETH', 'TRX', 'BSC'] },
  { code: 'SHIB', decimals: 18, networks: ['ETH'] },
  { code: 'XRP', decimals: 6, networks: ['XRP'] },
  { code: 'EUR', decimals: 2, networks: [] },
];

export const GENERATED_STATUSES = ['CREATED', 'PENDING', 'FAILED', 'SUCCESS', 'ROLLED_BACK'] as const;

const SUBTYPES: Record<string, readonly string[]> = {
  DEPOSIT: ['BLOCKCHAIN', 'OFFCHAIN', 'AIRDROP', 'AFFILIATE', 'STAKING', 'BUY_CRYPTO', 'SUB_ACCOUNT', 'FIAT', 'UNCLASSIFIED'],
  WITHDRAW: ['BLOCKCHAIN', 'OFFCHAIN', 'SUB_ACCOUNT', 'FIAT'],
  TRANSFER: ['WALLET_TO_SPOT', 'SPOT_TO_WALLET', 'WALLET_TO_DERIVATIVES', 'DERIVATIVES_TO_WALLET', 'CHAIN_SWITCH_FROM', 'CHAIN_SWITCH_TO'],
};
const INTO_WALLET = new Set(['SPOT_TO_WALLET', 'DERIVATIVES_TO_WALLET', 'CHAIN_SWITCH_TO']);

export const TRICKY_COMMENTS = [
  '=SUM(A1)', '+1', '-2', '@cmd', 'payroll, March', 'the "big" one', 'line one\nline two', '\tleading tab', 'Zürich office €',
] as const;

/** mulberry32: small, fast and the same on every platform. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `count` rows, oldest first, ids ascending. */
export function historyRows(count: number, options: HistoryRowOptions = {}): HistoryEntry[] {
  return Array.from(historyRowStream(count, options));
}

/** The same rows one at a time (a million never need to sit in memory at once). */
export function* historyRowStream(count: number, options: HistoryRowOptions = {}): Generator<HistoryEntry> {
  const random = prng(options.seed ?? 42);
  const int = (below: number) => Math.floor(random() * below);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  const hex = (length: number) => Array.from({ length }, () => '0123456789abcdef'[int(16)]).join('');
  const stepMs = options.stepMs ?? 60_000;
  let at = options.startMs ?? Date.UTC(2024, 0, 1);
  let nextId = options.firstId ?? 1_000_000;

  const amount = (currency: CurrencySpec) => {
    const whole = String(int(100) < 3 ? int(10_000_000) : int(5_000));
    if (currency.decimals === 0) return whole;
    const fraction = Array.from({ length: currency.decimals }, () => String(int(10))).join('');
    return `${whole}.${fraction}`.replace(/\.?0+$/, '') || '0';
  };

  const base = (type: string, subtype: string, currency: CurrencySpec, direction: 'in' | 'out'): HistoryEntry => {
    const status = int(10) < 7 ? 'SUCCESS' : pick(GENERATED_STATUSES);
    const network = currency.networks.length === 0 ? null : pick(currency.networks);
    const onChain = subtype === 'BLOCKCHAIN' && network !== null;
    const createdAt = new Date(at).toISOString();
    return {
      id: String(nextId++),
      createdAt,
      updatedAt: new Date(at + int(3_600_000)).toISOString(),
      type, subtype, status, direction,
      currency: currency.code,
      amount: amount(currency),
      fee: type === 'WITHDRAW' ? `0.${String(int(10_000)).padStart(4, '0')}` : null,
      network,
      address: onChain ? `addr${hex(30)}` : null,
      paymentId: onChain && currency.code === 'XRP' ? String(int(1_000_000)) : null,
      hash: onChain && status !== 'ROLLED_BACK' ? hex(64) : null,
      txId: `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`,
      operationId: hex(32),
      offchainId: subtype === 'OFFCHAIN' || subtype === 'SUB_ACCOUNT' ? hex(24) : null,
      operationType: null,
      confirmations: onChain ? int(30) : null,
      comment: int(20) === 0 ? pick(TRICKY_COMMENTS) : int(10) === 0 ? `invoice ${int(100_000)}` : null,
      buyCrypto: null,
      explorerUrl: null,
    };
  };

  for (let made = 0; made < count; ) {
    at += 1 + int(stepMs * 2);
    const kind = int(100);
    if (kind < 8 && count - made >= 2) {
      // A swap: two legs with one operation id, at one time (the tie is broken by id).
      const [from, to] = [pick(GENERATED_CURRENCIES), pick(GENERATED_CURRENCIES)];
      const paid = { ...base('SWAP', 'INSTANT_EXCHANGE', from, 'out'), operationType: 'withdraw' };
      const got = { ...base('SWAP', 'INSTANT_EXCHANGE', to, 'in'), operationType: 'deposit', operationId: paid.operationId, status: paid.status };
      yield paid;
      yield got;
      made += 2;
      continue;
    }
    const type = kind < 45 ? 'DEPOSIT' : kind < 75 ? 'WITHDRAW' : 'TRANSFER';
    const subtype = pick(SUBTYPES[type] ?? []);
    const direction = type === 'DEPOSIT' || INTO_WALLET.has(subtype) ? 'in' : 'out';
    const entry = base(type, subtype, pick(GENERATED_CURRENCIES), direction);
    if (subtype === 'BUY_CRYPTO') {
      entry.buyCrypto = {
        provider: pick(['Simplex', 'MoonPay', 'Mercuryo']), sourceCurrency: 'EUR', sourceAmount: `${10 + int(5_000)}.${String(int(100)).padStart(2, '0')}`,
        targetCurrency: entry.currency, targetAmount: entry.amount, paymentMethod: pick(['card', 'sepa', 'apple_pay']),
      };
    }
    yield entry;
    made += 1;
  }
}
