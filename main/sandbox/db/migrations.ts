// Schema of the sandbox's state, as ordered migrations tracked by PRAGMA user_version.
// Amounts are TEXT decimals; times are Unix milliseconds of the sandbox clock.
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('master', 'sub', 'user')),
    parent_id INTEGER REFERENCES accounts(id),
    email TEXT NOT NULL UNIQUE,
    username TEXT NOT NULL UNIQUE,
    external_id TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL CHECK (status IN ('active', 'frozen', 'disabled')),
    deposit_address_generation_enabled INTEGER NOT NULL DEFAULT 1,
    withdraw_enabled INTEGER NOT NULL DEFAULT 1,
    description TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE api_keys (
    api_key TEXT PRIMARY KEY,
    secret_key TEXT NOT NULL,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    label TEXT NOT NULL,
    rights TEXT NOT NULL
  );
  CREATE TABLE balances (
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    side TEXT NOT NULL CHECK (side IN ('wallet', 'spot')),
    currency TEXT NOT NULL,
    available TEXT NOT NULL,
    reserved TEXT NOT NULL,
    PRIMARY KEY (account_id, side, currency)
  );
  CREATE TABLE addresses (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    currency TEXT NOT NULL,
    network TEXT NOT NULL,
    address TEXT NOT NULL,
    payment_id TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX addresses_by_account ON addresses (account_id, currency, network, id);
  CREATE INDEX addresses_by_address ON addresses (address);
  CREATE TABLE white_list (
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    name TEXT NOT NULL,
    currency TEXT NOT NULL,
    network TEXT NOT NULL,
    address TEXT NOT NULL
  );
  CREATE TABLE transactions (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    status TEXT NOT NULL,
    type TEXT NOT NULL,
    subtype TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    last_activity_at INTEGER NOT NULL,
    operation_id TEXT NOT NULL,
    tx_id TEXT NOT NULL,
    currency TEXT NOT NULL,
    network TEXT,
    amount TEXT NOT NULL,
    fee TEXT,
    address TEXT,
    payment_id TEXT,
    hash TEXT,
    offchain_id TEXT,
    confirmations INTEGER,
    required_confirmations INTEGER,
    public_comment TEXT,
    error_code TEXT,
    senders TEXT,
    wallet_id TEXT,
    operation_type TEXT,
    meta TEXT,
    held TEXT,
    commit_deadline INTEGER,
    broadcast_at INTEGER
  );
  CREATE INDEX tx_by_account_id ON transactions (account_id, id);
  CREATE INDEX tx_by_account_created ON transactions (account_id, created_at, id);
  CREATE INDEX tx_by_account_updated ON transactions (account_id, updated_at, id);
  CREATE INDEX tx_by_account_activity ON transactions (account_id, last_activity_at, id);
  CREATE INDEX tx_live ON transactions (status) WHERE status IN ('CREATED', 'PENDING');
  CREATE TABLE buy_orders (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    provider_id INTEGER NOT NULL,
    payment_method_id INTEGER NOT NULL,
    source_code TEXT NOT NULL,
    target_code TEXT NOT NULL,
    target_network TEXT NOT NULL,
    source_amount TEXT NOT NULL,
    target_amount TEXT NOT NULL,
    wallet_address TEXT NOT NULL,
    status TEXT NOT NULL,
    checkout_token TEXT NOT NULL,
    operation_id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    complete_at INTEGER
  );
  CREATE INDEX buy_orders_by_account ON buy_orders (account_id, created_at);
  `,
  `
  CREATE TABLE spot_orders (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    client_order_id TEXT NOT NULL,
    symbol TEXT NOT NULL,
    side TEXT NOT NULL,
    type TEXT NOT NULL,
    time_in_force TEXT NOT NULL,
    quantity TEXT NOT NULL,
    quantity_cumulative TEXT NOT NULL,
    price TEXT,
    price_average TEXT,
    stop_price TEXT,
    expire_time INTEGER,
    post_only INTEGER NOT NULL,
    status TEXT NOT NULL,
    reserved_currency TEXT,
    reserved_amount TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX spot_orders_active ON spot_orders (account_id, status, symbol);
  CREATE INDEX spot_orders_client ON spot_orders (account_id, client_order_id);
  `,
  `
  ALTER TABLE spot_orders ADD COLUMN fee TEXT;
  ALTER TABLE spot_orders ADD COLUMN taker INTEGER;
  CREATE INDEX spot_orders_history ON spot_orders (account_id, updated_at);
  `,
  // Sub-accounts may be 'new' (api-v2's statuses: new, active, disable). SQLite cannot change a
  // CHECK in place, so the table is rebuilt; openDatabase runs migrations with foreign keys off.
  `
  CREATE TABLE accounts_next (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('master', 'sub', 'user')),
    parent_id INTEGER REFERENCES accounts(id),
    email TEXT NOT NULL UNIQUE,
    username TEXT NOT NULL UNIQUE,
    external_id TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL CHECK (status IN ('new', 'active', 'frozen', 'disabled')),
    deposit_address_generation_enabled INTEGER NOT NULL DEFAULT 1,
    withdraw_enabled INTEGER NOT NULL DEFAULT 1,
    description TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  INSERT INTO accounts_next (id, kind, parent_id, email, username, external_id, status, deposit_address_generation_enabled,
    withdraw_enabled, description, created_at, updated_at)
    SELECT id, kind, parent_id, email, username, external_id, status, deposit_address_generation_enabled,
      withdraw_enabled, description, created_at, updated_at FROM accounts;
  DROP TABLE accounts;
  ALTER TABLE accounts_next RENAME TO accounts;
  `,
  // Order lists (POST /api/3/spot/order/list): list id, contingency, place in the list, and the
  // inactive flag of secondary orders waiting for their primary to fill.
  `
  ALTER TABLE spot_orders ADD COLUMN order_list_id TEXT;
  ALTER TABLE spot_orders ADD COLUMN contingency_type TEXT;
  ALTER TABLE spot_orders ADD COLUMN list_position INTEGER;
  ALTER TABLE spot_orders ADD COLUMN inactive INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX spot_orders_list ON spot_orders (account_id, order_list_id) WHERE order_list_id IS NOT NULL;
  `,
  // Trades are numbered as they execute, apart from their orders: a resting order that fills late
  // has an old order id, and a client reading the trade list by ascending id must still find it
  // after the trades it has read. Trades filled before this kept their order's id.
  `
  ALTER TABLE spot_orders ADD COLUMN trade_id INTEGER;
  UPDATE spot_orders SET trade_id = id WHERE status = 'filled';
  CREATE UNIQUE INDEX spot_orders_trade_id ON spot_orders (trade_id) WHERE trade_id IS NOT NULL;
  `,
];
