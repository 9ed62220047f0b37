// Accounts (master, its sub-accounts, other users) and their API keys.
import type { StoredKey, KeyLookup } from '../auth/authenticate';
import { KEY_RIGHTS, type KeyRight } from '../auth/rights';
import { cachedStatement, type SandboxDb } from './open';

export const ACCOUNT_STATUSES = ['new', 'active', 'frozen', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** new: created and not used yet; it may do what an active account does. */
export const canTransact = (status: AccountStatus): boolean => status === 'active' || status === 'new';
export type AccountKind = 'master' | 'sub' | 'user';

export interface Account {
  id: number;
  kind: AccountKind;
  parentId: number | null;
  email: string;
  username: string;
  externalId: string;
  status: AccountStatus;
  depositAddressGenerationEnabled: boolean;
  withdrawEnabled: boolean;
  description: string;
  createdAt: number;
  updatedAt: number;
}

interface AccountRow {
  id: number; kind: AccountKind; parent_id: number | null; email: string; username: string; external_id: string;
  status: AccountStatus; deposit_address_generation_enabled: number; withdraw_enabled: number; description: string;
  created_at: number; updated_at: number;
}

export interface KeyRecord extends StoredKey {
  label: string;
}

export type NewAccount = Omit<Account, 'id'>;

export class AccountRepository implements KeyLookup {
  private readonly keyCache = new Map<string, KeyRecord | null>();

  constructor(private readonly db: SandboxDb) {}

  insert(account: NewAccount): number {
    const result = this.db.prepare(`INSERT INTO accounts (kind, parent_id, email, username, external_id, status,
      deposit_address_generation_enabled, withdraw_enabled, description, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
      account.kind, account.parentId, account.email, account.username, account.externalId, account.status,
      account.depositAddressGenerationEnabled ? 1 : 0, account.withdrawEnabled ? 1 : 0, account.description,
      account.createdAt, account.updatedAt,
    );
    return Number(result.lastInsertRowid);
  }

  get(id: number): Account | undefined {
    const row = cachedStatement(this.db, 'SELECT * FROM accounts WHERE id = ?').get(id) as AccountRow | undefined;
    return row && toAccount(row);
  }

  all(): Account[] {
    return (this.db.prepare('SELECT * FROM accounts ORDER BY id').all() as AccountRow[]).map(toAccount);
  }

  master(): Account | undefined {
    const row = this.db.prepare("SELECT * FROM accounts WHERE kind = 'master' ORDER BY id LIMIT 1").get() as AccountRow | undefined;
    return row && toAccount(row);
  }

  subAccountsOf(parentId: number): Account[] {
    return (this.db.prepare('SELECT * FROM accounts WHERE parent_id = ? ORDER BY id').all(parentId) as AccountRow[]).map(toAccount);
  }

  findBy(field: 'email' | 'username' | 'external_id', value: string): Account | undefined {
    const column = ({ email: 'email', username: 'username', external_id: 'external_id' } as const)[field];
    const row = this.db.prepare(`SELECT * FROM accounts WHERE ${column} = ? COLLATE NOCASE`).get(value) as AccountRow | undefined;
    return row && toAccount(row);
  }

  setStatus(id: number, status: AccountStatus, nowMs: number): void {
    this.db.prepare('UPDATE accounts SET status = ?, updated_at = ? WHERE id = ?').run(status, nowMs, id);
  }

  setAcl(id: number, acl: { depositAddressGenerationEnabled?: boolean; withdrawEnabled?: boolean; description?: string }, nowMs: number): void {
    const current = this.get(id);
    if (!current) return;
    this.db.prepare(`UPDATE accounts SET deposit_address_generation_enabled = ?, withdraw_enabled = ?, description = ?,
      updated_at = ? WHERE id = ?`).run(
      (acl.depositAddressGenerationEnabled ?? current.depositAddressGenerationEnabled) ? 1 : 0,
      (acl.withdrawEnabled ?? current.withdrawEnabled) ? 1 : 0,
      acl.description ?? current.description, nowMs, id,
    );
  }

  addKey(key: KeyRecord): void {
    this.db.prepare(`INSERT INTO api_keys (api_key, secret_key, account_id, label, rights) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (api_key) DO UPDATE SET secret_key = excluded.secret_key, account_id = excluded.account_id,
      label = excluded.label, rights = excluded.rights`).run(key.apiKey, key.secretKey, key.accountId, key.label, key.rights.join(','));
    this.keyCache.delete(key.apiKey);
  }

  keysOf(accountId: number): KeyRecord[] {
    const rows = this.db.prepare('SELECT * FROM api_keys WHERE account_id = ? ORDER BY rowid').all(accountId) as KeyRow[];
    return rows.map(toKey);
  }

  /** Cached: the hot path of every authenticated request. */
  findKey(apiKey: string): KeyRecord | undefined {
    const cached = this.keyCache.get(apiKey);
    if (cached !== undefined) return cached ?? undefined;
    const row = this.db.prepare('SELECT * FROM api_keys WHERE api_key = ?').get(apiKey) as KeyRow | undefined;
    const key = row ? toKey(row) : null;
    if (this.keyCache.size > 10_000) this.keyCache.clear();
    this.keyCache.set(apiKey, key);
    return key ?? undefined;
  }

  clearCache(): void {
    this.keyCache.clear();
  }
}

interface KeyRow { api_key: string; secret_key: string; account_id: number; label: string; rights: string }

function toKey(row: KeyRow): KeyRecord {
  const rights = row.rights.split(',').filter((r): r is KeyRight => (KEY_RIGHTS as readonly string[]).includes(r));
  return { apiKey: row.api_key, secretKey: row.secret_key, accountId: row.account_id, label: row.label, rights };
}

function toAccount(row: AccountRow): Account {
  return {
    id: row.id, kind: row.kind, parentId: row.parent_id, email: row.email, username: row.username,
    externalId: row.external_id, status: row.status,
    depositAddressGenerationEnabled: row.deposit_address_generation_enabled === 1,
    withdrawEnabled: row.withdraw_enabled === 1, description: row.description,
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
}
