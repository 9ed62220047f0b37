// Every failure of the team store in plain words naming the server, with one of four codes the
// team desk acts on: unreachable and timeout fail closed, auth asks for the password again, schema
// means this Coffer and the store disagree. The password is never part of any of them.
import type { DatabaseError } from 'pg';
import { AppFailure } from '../../core/app-error';
import { SchemaTooNewError } from '../../db/migrate';
import { pgDriver } from './pg-driver';
import type { TeamServer } from './team-url';

export type TeamStoreErrorCode = 'TEAM_UNREACHABLE' | 'TEAM_TIMEOUT' | 'TEAM_AUTH' | 'TEAM_SCHEMA';

export class TeamStoreError extends AppFailure {
  constructor(
    override readonly code: TeamStoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message);
    this.name = 'TeamStoreError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

export interface StoreTimeouts {
  statementTimeoutMs: number;
  connectTimeoutMs: number;
}

// Node's words for the ways a socket fails, said the way a person would.
const SOCKET_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  ETIMEDOUT: 'the network did not answer',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'the network is unreachable',
  ENOTFOUND: 'its host name was not found',
  EAI_AGAIN: 'its host name could not be looked up',
};

// SQLSTATEs of a connection the server ended or would not take, said the way a person would.
const SERVER_GONE: Record<string, string> = {
  '57P01': 'it was shut down',
  '57P02': 'it was shut down',
  '57P03': 'it is starting up or shutting down',
  '53300': 'it has too many connections',
};

const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(1))} s`;

/** The failure as a TeamStoreError; one already converted passes through unchanged. */
export function storeErrorFrom(error: unknown, server: TeamServer, timeouts: StoreTimeouts): TeamStoreError {
  if (error instanceof TeamStoreError) return error;
  const where = `The team store at ${server.host.includes(':') ? `[${server.host}]` : server.host}:${server.port}`;
  const make = (code: TeamStoreErrorCode, words: string): TeamStoreError => new TeamStoreError(code, words, { cause: error });
  if (error instanceof SchemaTooNewError) return make('TEAM_SCHEMA', `${where}: ${error.message}`);
  if (error instanceof pgDriver().DatabaseError) return fromServer(error, where, server, timeouts, make);
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code in SOCKET_FAILURES) return make('TEAM_UNREACHABLE', `${where} cannot be reached (${SOCKET_FAILURES[code]})`);
  if (typeof code === 'string' && /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code)) {
    return make('TEAM_UNREACHABLE', `${where} cannot be reached safely: its certificate could not be verified (${message})`);
  }
  if (message.includes('does not support SSL')) return make('TEAM_UNREACHABLE', `${where} does not offer TLS, which sslmode=verify-full requires`);
  if (message.startsWith('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be')) {
    return make('TEAM_AUTH', `${where} asks for the password of user ${server.user}: enter it in the password field`);
  }
  if (message.includes('due to connection timeout') || message === 'timeout expired') {
    return make('TEAM_UNREACHABLE', `${where} cannot be reached (no answer within ${seconds(timeouts.connectTimeoutMs)})`);
  }
  if (message === 'timeout exceeded when trying to connect') {
    return make('TEAM_TIMEOUT', `${where} is busy: no connection came free within ${seconds(timeouts.connectTimeoutMs)}`);
  }
  if (message === 'Query read timeout') return make('TEAM_TIMEOUT', `${where} did not answer within ${seconds(timeouts.statementTimeoutMs)}`);
  if (message.startsWith('Connection terminated')) return make('TEAM_UNREACHABLE', `${where} cannot be reached (the connection was closed)`);
  return make('TEAM_UNREACHABLE', `${where} cannot be reached (${message})`);
}

function fromServer(
  error: DatabaseError,
  where: string,
  server: TeamServer,
  timeouts: StoreTimeouts,
  make: (code: TeamStoreErrorCode, words: string) => TeamStoreError,
): TeamStoreError {
  const sqlState = error.code ?? '';
  if (sqlState === '57014') return make('TEAM_TIMEOUT', `${where} did not answer within ${seconds(timeouts.statementTimeoutMs)}`);
  if (sqlState === '28P01') return make('TEAM_AUTH', `${where} refused the password for user ${server.user}`);
  if (sqlState === '28000') return make('TEAM_AUTH', `${where} does not let user ${server.user} in (${error.message})`);
  if (sqlState === '42501') return make('TEAM_AUTH', `${where} does not allow user ${server.user} to do this (${error.message})`);
  if (sqlState === '3D000') return make('TEAM_UNREACHABLE', `${where} has no database ${server.database}`);
  if (sqlState in SERVER_GONE || sqlState.startsWith('08')) {
    return make('TEAM_UNREACHABLE', `${where} cannot be reached (${SERVER_GONE[sqlState] ?? error.message})`);
  }
  if (sqlState === '42P01' || sqlState === '42703') {
    return make('TEAM_SCHEMA', `${where} does not hold the tables this Coffer expects in ${server.database} (${error.message})`);
  }
  return make('TEAM_SCHEMA', `${where} refused a request (${error.message}; SQLSTATE ${sqlState})`);
}
