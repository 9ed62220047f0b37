// What the portfolio spec computes on its own, beside the page: a currency's holding at a day's
// close straight from the sandbox over REST with a key of the sandbox's master account — today's
// wallet + spot balances (available + reserved) minus the change of every counted transaction
// created after the close, and of every spot trade made after it. Counted, as
// main/core/portfolio/rules.ts documents: SUCCESS only, moves between wallet and spot left out;
// in = +amount, out = −amount, and the fee always out; a trade moves its base quantity, its quote
// quantity × price the other way, and its fee (a rebate when negative) in the symbol's fee currency.
import Decimal from '../../preload/contract/decimal';
import type { SandboxDesk } from './approvals-sandbox';

interface TradeRecord {
  id: number;
  symbol: string;
  side: string;
  quantity: string;
  price: string;
  fee: string;
  timestamp: string;
}

interface BalanceRecord {
  currency: string;
  available: string;
  reserved: string;
}

interface TransactionRecord {
  status: string;
  type: string;
  subtype: string;
  created_at: string;
  native: { currency: string; amount: string; fee?: string; operation_type?: string };
}

const PAGE = 1_000;
const INSIDE_WALLET_AND_SPOT = new Set(['WALLET_TO_SPOT', 'SPOT_TO_WALLET']);

export class HoldingsReader {
  private constructor(private readonly restUrl: string, private readonly auth: string) {}

  /** A new key of the sandbox's master account that may read balances and the history. */
  static async open(desk: SandboxDesk): Promise<HoldingsReader> {
    const key = await desk.newKey(['PAY', 'HIST']);
    return new HoldingsReader(desk.restUrl, `Basic ${Buffer.from(`${key.apiKey}:${key.secretKey}`).toString('base64')}`);
  }

  /** Per currency: wallet + spot, available + reserved, now. */
  async today(): Promise<Map<string, Decimal>> {
    const totals = new Map<string, Decimal>();
    for (const side of ['wallet', 'spot']) {
      for (const balance of await this.get<BalanceRecord[]>(`/api/3/${side}/balance`)) {
        const total = new Decimal(balance.available).plus(balance.reserved);
        totals.set(balance.currency, (totals.get(balance.currency) ?? new Decimal(0)).plus(total));
      }
    }
    return totals;
  }

  /** Every transaction created after `closeMs`, oldest first. */
  async createdAfter(closeMs: number): Promise<TransactionRecord[]> {
    const found: TransactionRecord[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const query = new URLSearchParams({ from: String(closeMs), order_by: 'created_at', sort: 'ASC', limit: String(PAGE), offset: String(offset) });
      const page = await this.get<TransactionRecord[]>(`/api/3/wallet/transactions?${query.toString()}`);
      found.push(...page.filter((record) => Date.parse(record.created_at) > closeMs));
      if (page.length < PAGE) return found;
    }
  }

  /** Every spot trade made after `closeMs`, with its symbol's base, quote and fee currencies. */
  async tradesAfter(closeMs: number): Promise<Array<TradeRecord & { base: string; quote: string; feeCurrency: string }>> {
    const symbols = await this.get<Record<string, { base_currency: string; quote_currency: string; fee_currency: string }>>('/api/3/public/symbol');
    const found: TradeRecord[] = [];
    for (let from = 0; ; ) {
      const page = await this.get<TradeRecord[]>(`/api/3/spot/history/trade?by=id&sort=ASC&limit=${PAGE}&from=${from}`);
      found.push(...page.filter((trade) => Date.parse(trade.timestamp) > closeMs));
      if (page.length < PAGE) break;
      from = (page.at(-1) as TradeRecord).id + 1;
    }
    return found.map((trade) => {
      const symbol = symbols[trade.symbol];
      if (symbol === undefined) throw new Error(`no symbol ${trade.symbol}`);
      return { ...trade, base: symbol.base_currency, quote: symbol.quote_currency, feeCurrency: symbol.fee_currency };
    });
  }

  /** Per currency: the holding at the close (`closeAt`, ISO) of the master account. */
  async atClose(closeAt: string): Promise<Map<string, Decimal>> {
    const closeMs = Date.parse(closeAt);
    const [holdings, after, trades] = await Promise.all([this.today(), this.createdAfter(closeMs), this.tradesAfter(closeMs)]);
    const takeBack = (currency: string, change: Decimal) => holdings.set(currency, (holdings.get(currency) ?? new Decimal(0)).minus(change));
    for (const trade of trades) {
      const sign = trade.side === 'buy' ? 1 : -1;
      takeBack(trade.base, new Decimal(trade.quantity).times(sign));
      takeBack(trade.quote, new Decimal(trade.quantity).times(trade.price).times(-sign));
      takeBack(trade.feeCurrency, new Decimal(trade.fee).negated());
    }
    for (const record of after) {
      if (record.status !== 'SUCCESS') continue;
      if (record.type === 'TRANSFER' && INSIDE_WALLET_AND_SPOT.has(record.subtype)) continue;
      const { currency, amount, fee } = record.native;
      const change = (received(record) ? new Decimal(amount) : new Decimal(amount).negated()).minus(fee ?? 0);
      holdings.set(currency, (holdings.get(currency) ?? new Decimal(0)).minus(change));
    }
    return holdings;
  }

  private async get<T>(path: string): Promise<T> {
    const response = await fetch(`${this.restUrl}${path}`, { headers: { authorization: this.auth } });
    const text = await response.text();
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }
}

/** Money came in: a deposit, a transfer into the wallet, or a leg the service calls a deposit. */
function received(record: TransactionRecord): boolean {
  if (record.type === 'DEPOSIT') return true;
  if (record.type === 'WITHDRAW') return false;
  return record.native.operation_type?.toLowerCase() === 'deposit' || /DEPOSIT|_TO_WALLET$/.test(record.subtype);
}
