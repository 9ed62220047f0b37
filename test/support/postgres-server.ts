// A real PostgreSQL server for tests, from Debian's postgresql package: a fresh cluster in a temp
// directory on a free loopback port, fsync off, TLS on request. User coffer gets in without a
// password (trust); any other role must give its own (scram-sha-256), so the password path can
// be tested too.
// Postgres refuses to run as root, so under root the cluster belongs to the postgres user.
import { execFile } from 'node:child_process';
import { chmod, chown, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';
export const SUPERUSER = 'coffer';

export interface PostgresOptions {
  /** Serve TLS too, with a self-signed certificate for 127.0.0.1 (its PEM is `tlsCa`). */
  tls?: boolean;
}

export interface PostgresServer {
  port: number;
  /** The certificate the server presents when started with tls (it is its own authority). */
  tlsCa: string | null;
  /** postgres://coffer@127.0.0.1:<port>/<database> */
  url(database: string): string;
  /** Creates the database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Runs one statement as coffer on its own connection; returns the rows. */
  sql<Row extends Record<string, unknown> = Record<string, unknown>>(database: string, text: string, params?: unknown[]): Promise<Row[]>;
  /** pg_ctl stop -m fast; the data is kept. */
  stopServer(): Promise<void>;
  /** Starts it again on the same port. */
  startServer(): Promise<void>;
  /** Stops it and removes its directory. */
  destroy(): Promise<void>;
}

export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = await newestBinDir();
  const dir = await mkdtemp(join(tmpdir(), 'coffer-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) await chownToPostgres(dir);
  const tool = (name: string, args: string[]): Promise<unknown> =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args], { cwd: dir }) : run(join(bin, name), args, { cwd: dir });
  const data = join(dir, 'data');
  const log = join(dir, 'log');
  const port = await freePort();

  await tool('initdb', ['-D', data, '-A', 'trust', '-U', SUPERUSER, '--no-sync']);
  await requirePasswordsOfOthers(join(data, 'pg_hba.conf'));
  const tlsCa = options.tls === true ? await selfSignedCertificate(dir, asRoot) : null;
  const tlsOptions = tlsCa === null ? '' : ` -c ssl=on -c ssl_cert_file=${join(dir, 'server.crt')} -c ssl_key_file=${join(dir, 'server.key')}`;
  // Room for twenty desks of a bench, each with a pool of four and a listening connection.
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300${tlsOptions}`;
  const startServer = async (): Promise<void> => {
    try {
      await tool('pg_ctl', ['-D', data, '-l', log, '-w', 'start', '-o', serverOptions]);
    } catch (error) {
      const text = await readFile(log, 'utf8').catch(() => '(no log)');
      throw new Error(`PostgreSQL did not start on port ${port}: ${(error as Error).message}\n--- ${log} ---\n${text}`);
    }
  };
  const stopServer = async (): Promise<void> => void (await tool('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']));
  await startServer().catch(async (error: unknown) => {
    await rm(dir, { recursive: true, force: true });
    throw error;
  });

  const url = (database: string): string => `postgres://${SUPERUSER}@127.0.0.1:${port}/${database}`;
  const sql = async <Row extends Record<string, unknown>>(database: string, text: string, params?: unknown[]): Promise<Row[]> => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, database, password: '' });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query<Row>(text, params)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    port,
    tlsCa,
    url,
    sql,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
      await sql('postgres', `CREATE DATABASE ${name}`);
      return url(name);
    },
    stopServer,
    startServer,
    async destroy() {
      await stopServer().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function newestBinDir(): Promise<string> {
  const versions = (await readdir(PG_ROOT).catch(() => [] as string[])).filter((name) => /^\d+$/.test(name));
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (newest === undefined) throw new Error(`No PostgreSQL under ${PG_ROOT}: install the postgresql package (scripts/ensure-deps.mjs test)`);
  return join(PG_ROOT, newest, 'bin');
}

async function chownToPostgres(path: string): Promise<void> {
  const ids = async (flag: string): Promise<number> => Number((await run('id', [flag, 'postgres'])).stdout.trim());
  await chown(path, await ids('-u'), await ids('-g'));
}

/** A key and a self-signed certificate for 127.0.0.1; the server wants its key readable by it alone. */
async function selfSignedCertificate(dir: string, asRoot: boolean): Promise<string> {
  const [key, certificate] = [join(dir, 'server.key'), join(dir, 'server.crt')];
  await run('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', certificate,
  ]);
  await chmod(key, 0o600);
  if (asRoot) await Promise.all([key, certificate].map((file) => chownToPostgres(file)));
  return readFile(certificate, 'utf8');
}

/** coffer keeps trust; every other role needs its password over TCP. The first matching line wins. */
async function requirePasswordsOfOthers(hbaFile: string): Promise<void> {
  const rules = [`host all ${SUPERUSER} 127.0.0.1/32 trust`, 'host all all 127.0.0.1/32 scram-sha-256', ''].join('\n');
  await writeFile(hbaFile, rules + (await readFile(hbaFile, 'utf8')));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
