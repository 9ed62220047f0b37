// Profiles' non-secret fields. The secret lives in the OS keychain; has_secret only records
// that it was stored there.
import type Database from 'better-sqlite3';
import {
  API_VERSIONS,
  AUTH_METHODS,
  KEY_RIGHTS,
  type KeyRight,
  type Profile,
} from '../../preload/contract';
import { carriesCredentials } from '../../preload/contract/endpoint-rules';

interface ProfileRow {
  id: string;
  name: string;
  api_version: string;
  rest_url: string;
  stream_url: string;
  auth_method: string;
  public_key: string;
  has_secret: number;
  built_in: number;
  rights: string | null;
  shared_account: number;
  created_at: string;
  updated_at: string;
}

const COLUMNS = `id, name, api_version, rest_url, stream_url, auth_method, public_key, has_secret,
  built_in, rights, shared_account, created_at, updated_at`;

export interface ProfilesRepo {
  list(): Profile[];
  find(id: string): Profile | undefined;
  findBuiltIn(): Profile | undefined;
  findByName(name: string): Profile | undefined;
  insert(profile: Profile): void;
  update(profile: Profile): void;
  remove(id: string): boolean;
}

export function createProfilesRepo(db: Database.Database): ProfilesRepo {
  const selectAll = db.prepare<[], ProfileRow>(
    `SELECT ${COLUMNS} FROM profiles ORDER BY built_in DESC, name COLLATE NOCASE`,
  );
  const selectById = db.prepare<[string], ProfileRow>(`SELECT ${COLUMNS} FROM profiles WHERE id = ?`);
  const selectBuiltIn = db.prepare<[], ProfileRow>(`SELECT ${COLUMNS} FROM profiles WHERE built_in = 1`);
  const selectByName = db.prepare<[string], ProfileRow>(
    `SELECT ${COLUMNS} FROM profiles WHERE name = ? COLLATE NOCASE`,
  );
  const insert = db.prepare<[ProfileRow]>(
    `INSERT INTO profiles (${COLUMNS}) VALUES (@id, @name, @api_version, @rest_url, @stream_url,
      @auth_method, @public_key, @has_secret, @built_in, @rights, @shared_account, @created_at, @updated_at)`,
  );
  const update = db.prepare<[ProfileRow]>(
    `UPDATE profiles SET name = @name, api_version = @api_version, rest_url = @rest_url,
      stream_url = @stream_url, auth_method = @auth_method, public_key = @public_key,
      has_secret = @has_secret, built_in = @built_in, rights = @rights,
      shared_account = @shared_account, updated_at = @updated_at
     WHERE id = @id`,
  );
  const remove = db.prepare<[string]>('DELETE FROM profiles WHERE id = ?');

  return {
    list: () => selectAll.all().map(fromRow),
    find: (id) => optional(selectById.get(id)),
    findBuiltIn: () => optional(selectBuiltIn.get()),
    findByName: (name) => optional(selectByName.get(name)),
    insert: (profile) => void insert.run(toRow(profile)),
    update: (profile) => void update.run(toRow(profile)),
    remove: (id) => remove.run(id).changes > 0,
  };
}

const optional = (row: ProfileRow | undefined): Profile | undefined => (row ? fromRow(row) : undefined);

function fromRow(row: ProfileRow): Profile {
  return {
    id: row.id,
    name: row.name,
    apiVersion: oneOf(API_VERSIONS, row.api_version, 'api_version'),
    restUrl: row.rest_url,
    streamUrl: row.stream_url,
    authMethod: oneOf(AUTH_METHODS, row.auth_method, 'auth_method'),
    publicKey: row.public_key,
    hasSecret: row.has_secret === 1,
    builtIn: row.built_in === 1,
    rights: parseRights(row.rights),
    sharedAccount: row.shared_account === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(profile: Profile): ProfileRow {
  return {
    id: profile.id,
    name: profile.name,
    api_version: profile.apiVersion,
    rest_url: storableUrl(profile.restUrl, 'rest_url'),
    stream_url: storableUrl(profile.streamUrl, 'stream_url'),
    auth_method: profile.authMethod,
    public_key: profile.publicKey,
    has_secret: profile.hasSecret ? 1 : 0,
    built_in: profile.builtIn ? 1 : 0,
    rights: profile.rights === null ? null : JSON.stringify(profile.rights),
    shared_account: profile.sharedAccount ? 1 : 0,
    created_at: profile.createdAt,
    updated_at: profile.updatedAt,
  };
}

/** The last line against a password in a URL reaching the database file; the error does not quote it. */
function storableUrl(url: string, column: string): string {
  if (carriesCredentials(url)) throw new Error(`profiles.${column}: a URL carrying credentials is never stored`);
  return url;
}

function oneOf<T extends string>(allowed: readonly T[], value: string, column: string): T {
  const match = allowed.find((candidate) => candidate === value);
  if (match === undefined) throw new Error(`profiles.${column} holds an unknown value: ${value}`);
  return match;
}

function parseRights(json: string | null): KeyRight[] | null {
  if (json === null) return null;
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed)) return null;
  return parsed.filter((right): right is KeyRight => KEY_RIGHTS.some((known) => known === right));
}

