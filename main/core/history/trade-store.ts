// What a profile's history store keeps for the trade sync beside its entries: the trade cursor
// (the highest trade id stored), whether the trade history has been read to its end, and the
// trades the symbol list could not turn into legs. Those are kept whole, out of the entries (no
// guessed legs), named in the sync's status and tried again each pass, so a symbol listed again
// brings its trades back; the cursor still moves past them, and no trade after one is held up.
import type Database from 'better-sqlite3';
import Decimal from '../../../preload/contract/decimal';
import type { Migration } from '../../db/migrate';
import type { SpotTrade } from '../../exchange/domain';

const LEFT_OUT_TABLE = 'history_left_out_trades';

export const TRADE_SYNC_MIGRATION: Migration = {
  version: 5,
  name: 'trade sync',
  sql: `
    ALTER TABLE history_sync_state ADD COLUMN trade_cursor TEXT;
    ALTER TABLE history_sync_state ADD COLUMN trades_done INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE ${LEFT_OUT_TABLE} (
      -- the trade's id, its symbol, and the whole record as the service sent it (JSON, decimals as text)
      id     TEXT PRIMARY KEY,
      symbol TEXT NOT NULL,
      record TEXT NOT NULL
    );`,
};

export interface LeftOutTrades {
  /** Every trade kept apart, ascending id. */
  list(): SpotTrade[];
  count(): number;
  /** The symbols they trade, sorted. */
  symbols(): string[];
  /** Keeps trades apart, or lets them go (stored as legs now); in the caller's transaction. */
  change(add: readonly SpotTrade[], remove: readonly string[]): void;
}

/** A trade as it crosses to the writer thread and is kept: decimals as text. */
export interface TradeRecord {
  id: string; orderId: string; clientOrderId: string; symbol: string; side: SpotTrade['side'];
  quantity: string; price: string; fee: string; timestamp: string; taker: boolean;
}

export const tradeRecordOf = (trade: SpotTrade): TradeRecord => ({
  ...trade, quantity: trade.quantity.toFixed(), price: trade.price.toFixed(), fee: trade.fee.toFixed(),
});

export const tradeOfRecord = (record: TradeRecord): SpotTrade => ({
  ...record, quantity: new Decimal(record.quantity), price: new Decimal(record.price), fee: new Decimal(record.fee),
});

const tradeOf = (text: string): SpotTrade => tradeOfRecord(JSON.parse(text) as TradeRecord);

export function createLeftOutTrades(db: Database.Database): LeftOutTrades {
  const all = db.prepare(`SELECT record FROM ${LEFT_OUT_TABLE} ORDER BY CAST(id AS INTEGER), id`).pluck();
  const count = db.prepare(`SELECT COUNT(*) FROM ${LEFT_OUT_TABLE}`).pluck();
  const symbols = db.prepare(`SELECT DISTINCT symbol FROM ${LEFT_OUT_TABLE} ORDER BY symbol`).pluck();
  const add = db.prepare(`INSERT INTO ${LEFT_OUT_TABLE} (id, symbol, record) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET symbol = excluded.symbol, record = excluded.record`);
  const remove = db.prepare(`DELETE FROM ${LEFT_OUT_TABLE} WHERE id = ?`);
  return {
    list: () => (all.all() as string[]).map(tradeOf),
    count: () => count.get() as number,
    symbols: () => symbols.all() as string[],
    change(added, removed) {
      for (const trade of added) add.run(trade.id, trade.symbol, JSON.stringify(tradeRecordOf(trade)));
      for (const id of removed) remove.run(id);
    },
  };
}
