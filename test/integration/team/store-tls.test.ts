// sslmode=verify-full against a real PostgreSQL server with TLS: the connection is encrypted and
// the certificate checked, and a certificate nobody vouches for is refused in plain words.
import { afterEach, describe, expect, it } from 'vitest';
import { openTeamDb, type TeamDb, type TeamDbOptions } from '../../../main/team/store/team-db';
import { TeamStoreError } from '../../../main/team/store/team-store-error';
import { parseTeamUrl } from '../../../main/team/store/team-url';
import { usePostgres } from '../../support/use-postgres';

const postgres = usePostgres({ tls: true });
const opened: TeamDb[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close().catch(() => undefined)));
});

function open(options: TeamDbOptions = {}): TeamDb {
  const db = openTeamDb(parseTeamUrl(`${postgres().url('postgres')}?sslmode=verify-full`), null, options);
  opened.push(db);
  return db;
}

describe('sslmode=verify-full', () => {
  it('connects over TLS to a server whose certificate the given authority signed', async () => {
    const db = open({ ca: postgres().tlsCa ?? '' });
    await db.migrate();
    const rows = await postgres().sql<{ ssl: boolean }>(
      'postgres',
      "SELECT s.ssl FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE a.application_name = 'coffer'",
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.ssl)).toBe(true);
  });

  it('refuses a server whose certificate no trusted authority signed', async () => {
    const error = await open().ping().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(TeamStoreError);
    expect(error).toMatchObject({ code: 'TEAM_UNREACHABLE' });
    expect((error as Error).message).toMatch(/127\.0\.0\.1:\d+ cannot be reached safely: its certificate could not be verified/);
  });
});
