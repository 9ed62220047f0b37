import { describe, expect, it } from 'vitest';
import { AppFailure } from '../../../main/core/app-error';
import { parseTeamUrl } from '../../../main/team/store/team-url';

function refusal(url: string): AppFailure {
  try {
    parseTeamUrl(url);
  } catch (error) {
    if (error instanceof AppFailure) return error;
    throw error;
  }
  throw new Error(`${url} was accepted`);
}

describe('parseTeamUrl', () => {
  it('reads a verify-full URL to a remote server', () => {
    expect(parseTeamUrl('postgres://payments@db.example.com:6432/treasury?sslmode=verify-full')).toEqual({
      host: 'db.example.com',
      port: 6432,
      database: 'treasury',
      user: 'payments',
      sslmode: 'verify-full',
      loopback: false,
      display: 'payments@db.example.com:6432/treasury',
    });
  });

  it('takes postgresql:// too, the default port and percent-encoded names', () => {
    const server = parseTeamUrl('postgresql://fin%40ops@db.example.com/team%20store?sslmode=verify-full');
    expect(server).toMatchObject({ user: 'fin@ops', port: 5432, database: 'team store' });
    expect(server.display).toBe('fin@ops@db.example.com:5432/team store');
  });

  it.each(['127.0.0.1', 'localhost', 'LOCALHOST', '[::1]'])('lets a loopback server %s go without TLS', (host) => {
    const server = parseTeamUrl(`postgres://coffer@${host}:5433/team`);
    expect(server).toMatchObject({ loopback: true, sslmode: null, port: 5433 });
  });

  it('shows an IPv6 host in brackets and keeps it bare for connecting', () => {
    const server = parseTeamUrl('postgres://coffer@[::1]:5433/team?sslmode=disable');
    expect(server.host).toBe('::1');
    expect(server.display).toBe('coffer@[::1]:5433/team');
  });

  it('refuses a password in the URL, pointing at the password field', () => {
    const error = refusal('postgres://payments:hunter2@db.example.com/treasury?sslmode=verify-full');
    expect(error.code).toBe('BAD_TEAM_URL');
    expect(error.field).toBe('url');
    expect(error.message).toMatch(/password field/);
    expect(error.message).not.toContain('hunter2');
  });

  it.each([
    ['no user', 'postgres://db.example.com/treasury?sslmode=verify-full', /user name/],
    ['no database', 'postgres://payments@db.example.com?sslmode=verify-full', /database name/],
    ['an empty database', 'postgres://payments@db.example.com/?sslmode=verify-full', /database name/],
    ['another scheme', 'mysql://payments@db.example.com/treasury', /postgres:\/\//],
    ['an unknown parameter', 'postgres://payments@db.example.com/treasury?sslmode=verify-full&sslrootcert=x', /sslrootcert/],
    ['an unknown sslmode', 'postgres://coffer@localhost/treasury?sslmode=maybe', /sslmode must be one of/],
  ])('refuses %s', (_case, url, words) => {
    const error = refusal(url);
    expect(error.code).toBe('BAD_TEAM_URL');
    expect(error.message).toMatch(words);
  });

  it.each(['', '?sslmode=require', '?sslmode=verify-ca', '?sslmode=disable'])(
    'refuses a remote server without sslmode=verify-full (%s)',
    (query) => {
      const error = refusal(`postgres://payments@10.0.0.5:5432/treasury${query}`);
      expect(error.message).toContain('sslmode=verify-full');
      expect(error.field).toBe('url');
    },
  );

  it('does not take 127.0.0.2 or a name ending in localhost for loopback', () => {
    expect(refusal('postgres://coffer@127.0.0.2/team').message).toContain('sslmode=verify-full');
    expect(refusal('postgres://coffer@localhost.example.com/team').message).toContain('sslmode=verify-full');
  });
});
