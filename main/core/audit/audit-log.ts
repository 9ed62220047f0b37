// The append-only audit log of every money-moving action, in <dataDir>/audit.db. Appends are
// serialised in an IMMEDIATE transaction so the chain never forks, even with a second process.
import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { openSqlite, type SqliteOptions } from '../../db/sqlite';
import type {
  AuditAction,
  AuditCsvChunk,
  AuditEntry,
  AuditExportRequest,
  AuditFilter,
  AuditOutcome,
  AuditPage,
  AuditPhase,
  AuditVerification,
  AuditVerifyProgress,
} from '../../../preload/contract/audit';
import { GENESIS_HASH, hashEntry } from './chain';
import { verifyChain, verifyChainInChunks } from './chain-check';
import { auditExportChunk } from './export';
import { AUDIT_DB_FILE, AUDIT_MIGRATIONS } from './schema';
import { auditQuery } from './query';

/** What a caller supplies; the log adds id, time, OS user and the hashes. */
export interface AuditAppend {
  profileId: string;
  profileName: string;
  action: AuditAction;
  phase: AuditPhase;
  correlationId: string;
  outcome: AuditOutcome;
  currency?: string | null;
  amount?: string | null;
  fee?: string | null;
  address?: string | null;
  network?: string | null;
  error?: string | null;
  txId?: string | null;
  detail?: string | null;
}

export interface AuditLog {
  append(input: AuditAppend): AuditEntry;
  list(filter?: AuditFilter): AuditPage;
  /** Every entry matching the filter, oldest first, without paging: for tests and tools, since
   *  it holds them all in memory (the app exports with exportChunk). */
  all(filter?: AuditFilter): AuditEntry[];
  /** One bounded chunk of the CSV export. */
  exportChunk(request: AuditExportRequest): AuditCsvChunk;
  /** The whole chain in one go (blocks until done: for tests and tools). */
  verify(): AuditVerification;
  /** The whole chain a chunk per turn of the event loop, so other work goes on meanwhile. */
  verifyInChunks(onProgress?: (progress: AuditVerifyProgress) => void): Promise<AuditVerification>;
  close(): void;
}

export interface AuditLogOptions extends SqliteOptions {
  now?: () => Date;
  osUser?: string;
}

export const newCorrelationId = (): string => randomUUID();

export function openAuditLog(dataDir: string, options: AuditLogOptions = {}): AuditLog {
  const db = openSqlite(join(dataDir, AUDIT_DB_FILE), { nativeBinding: options.nativeBinding, migrations: AUDIT_MIGRATIONS });
  return createAuditLog(db, options);
}

export function createAuditLog(db: Database.Database, options: AuditLogOptions = {}): AuditLog {
  const now = options.now ?? (() => new Date());
  const osUser = options.osUser ?? currentOsUser();
  const lastHash = db.prepare('SELECT hash FROM audit_entries ORDER BY id DESC LIMIT 1').pluck();
  const nextId = db.prepare("SELECT COALESCE(MAX(id), 0) + 1 FROM audit_entries").pluck();
  const insert = db.prepare(`INSERT INTO audit_entries
    (id, at, profile_id, profile_name, os_user, action, phase, correlation_id, currency, amount, fee,
     address, network, outcome, error, tx_id, detail, prev_hash, hash)
    VALUES (@id, @at, @profileId, @profileName, @osUser, @action, @phase, @correlationId, @currency,
     @amount, @fee, @address, @network, @outcome, @error, @txId, @detail, @prevHash, @hash)`);

  const appendInTransaction = db.transaction((input: AuditAppend): AuditEntry => {
    const prevHash = asText(lastHash.get()) ?? GENESIS_HASH;
    const unhashed = {
      id: Number(nextId.get()),
      at: now().toISOString(),
      osUser,
      prevHash,
      ...normalised(input),
    };
    const entry: AuditEntry = { ...unhashed, hash: hashEntry(unhashed) };
    insert.run(entry);
    return entry;
  });

  return {
    append: (input) => appendInTransaction.immediate(input),
    list: (filter = {}) => auditQuery(db).page(filter),
    all: (filter = {}) => auditQuery(db).all(filter),
    exportChunk: (request) => auditExportChunk(db, request),
    verify: () => verifyChain(db),
    verifyInChunks: (onProgress) => verifyChainInChunks(db, onProgress),
    close: () => db.close(),
  };
}

function normalised(input: AuditAppend): Omit<AuditEntry, 'id' | 'at' | 'osUser' | 'prevHash' | 'hash'> {
  return {
    profileId: input.profileId,
    profileName: input.profileName,
    action: input.action,
    phase: input.phase,
    correlationId: input.correlationId,
    outcome: input.outcome,
    currency: input.currency ?? null,
    amount: input.amount ?? null,
    fee: input.fee ?? null,
    address: input.address ?? null,
    network: input.network ?? null,
    error: input.error ?? null,
    txId: input.txId ?? null,
    detail: input.detail ?? null,
  };
}

function asText(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function currentOsUser(): string {
  try {
    return userInfo().username;
  } catch {
    // userInfo throws when the uid has no passwd entry (some containers).
    return process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
}
