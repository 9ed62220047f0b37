// Basic authentication and form bodies work as well as HS256 and JSON; whatever happens, the log
// never holds the secret, its Base64 form or an Authorization value.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/exchange/log';
import { clientFor, startFixture, type Fixture } from './sandbox-fixture';

let fixture: Fixture;

beforeAll(async () => {
  fixture = await startFixture();
});
afterAll(() => fixture.close());

describe('Basic authentication, form bodies, and redaction', () => {
  it('moves funds with Basic auth and a form body, and logs no secret', async () => {
    const lines: string[] = [];
    const logger = createLogger((level, message, fields) => lines.push(JSON.stringify({ level, message, fields })), 'debug');
    const master = fixture.sandbox.master;
    const { api } = clientFor(fixture, {
      logger, bodyFormat: 'form',
      credentials: { apiKey: master.apiKey, scheme: 'BASIC', readSecret: async () => master.secretKey },
    });
    const moved = await api.transfer({ currency: 'USDT', amount: new Decimal('0.5'), source: 'wallet', destination: 'spot' });
    expect(moved.status).toBe('done');
    expect((await api.walletBalances()).length).toBeGreaterThan(0);
    const wrong = clientFor(fixture, { logger, credentials: { apiKey: master.apiKey, scheme: 'BASIC', readSecret: async () => 'not-the-secret' } });
    await expect(wrong.api.walletBalances()).rejects.toMatchObject({ code: 1002 });

    const log = lines.join('\n');
    expect(lines.some((line) => line.includes('"Authorization":"[redacted]"'))).toBe(true);
    for (const secret of [master.secretKey, 'not-the-secret']) {
      expect(log).not.toContain(secret);
      expect(log).not.toContain(Buffer.from(`${master.apiKey}:${secret}`).toString('base64'));
    }
  });

  it('signs HS256 with a window and JSON body, logging no signature', async () => {
    const lines: string[] = [];
    const logger = createLogger((_level, message, fields) => lines.push(`${message} ${JSON.stringify(fields)}`), 'debug');
    const master = fixture.sandbox.master;
    const { api } = clientFor(fixture, {
      logger, credentials: { apiKey: master.apiKey, scheme: 'HS256', windowMs: 5_000, readSecret: async () => master.secretKey },
    });
    const moved = await api.transfer({ currency: 'USDT', amount: new Decimal('0.25'), source: 'wallet', destination: 'spot' });
    expect(moved.status).toBe('done');
    expect(lines.join('\n')).not.toMatch(/HS256 [A-Za-z0-9+/=]{20,}/);
    expect(lines.join('\n')).not.toContain(master.secretKey);
  });
});
