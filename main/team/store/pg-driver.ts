// The PostgreSQL driver, read on first use: only a team desk needs it, and reading it costs the
// app's start some 25 ms of CPU while the page is loading beside it on the same cores.
import { createRequire } from 'node:module';
import type * as Pg from 'pg';

export type PgDriver = typeof Pg;

let driver: PgDriver | undefined;

export function pgDriver(): PgDriver {
  driver ??= createRequire(__filename)('pg') as PgDriver;
  return driver;
}
