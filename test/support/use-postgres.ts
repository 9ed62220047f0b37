// A vitest file's own PostgreSQL server (kept apart from postgres-server.ts, which benches load
// outside vitest).
import { afterAll, beforeAll } from 'vitest';
import { startPostgres, type PostgresOptions, type PostgresServer } from './postgres-server';

/** One server for the file's tests: started before them, removed after. */
export function usePostgres(options: PostgresOptions = {}): () => PostgresServer {
  let server: PostgresServer | undefined;
  beforeAll(async () => {
    server = await startPostgres(options);
  });
  afterAll(async () => {
    await server?.destroy();
  });
  return () => {
    if (server === undefined) throw new Error('usePostgres(): the server is used before beforeAll ran');
    return server;
  };
}
