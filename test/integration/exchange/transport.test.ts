// Transport behaviour the sandbox cannot stage, against small node:http servers started here on
// loopback (real sockets): Retry-After, dropped connections, refused connections, bare numbers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Decimal from '../../../preload/contract/decimal';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../main/exchange/errors';
import { createV3Api } from '../../../main/exchange/v3/api';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, count: number) => void;
const servers: http.Server[] = [];

async function serve(handler: Handler): Promise<{ url: string; hits: () => number }> {
  let count = 0;
  const server = http.createServer((req, res) => {
    count += 1;
    const seen = count;
    req.resume();
    req.on('end', () => handler(req, res, seen));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, hits: () => count };
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const credentials = { apiKey: 'k', scheme: 'HS256' as const, readSecret: async () => 's' };
const json = (res: http.ServerResponse, status: number, body: string, headers: http.OutgoingHttpHeaders = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(body);
};

describe('REST transport on real sockets', () => {
  it('waits as long as Retry-After asks before retrying a GET', async () => {
    const server = await serve((_req, res, n) => (n === 1
      ? json(res, 429, '{"error":{"code":429,"message":"Too many requests"}}', { 'Retry-After': '1' })
      : json(res, 200, '[]')));
    const api = createV3Api({ baseUrl: server.url, credentials, backoff: { baseMs: 10, capMs: 20, maxAttempts: 3 } });
    const started = Date.now();
    expect(await api.walletBalances()).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(server.hits()).toBe(2);
  });

  it('retries a GET whose connection was dropped', async () => {
    const server = await serve((req, res, n) => (n === 1 ? req.socket.destroy() : json(res, 200, '[]')));
    const api = createV3Api({ baseUrl: server.url, credentials, backoff: { baseMs: 10, capMs: 20, maxAttempts: 3 } });
    expect(await api.spotBalances()).toEqual([]);
    expect(server.hits()).toBe(2);
  });

  it('a money POST on a dropped connection is uncertain and not re-sent', async () => {
    const server = await serve((req) => req.socket.destroy());
    const api = createV3Api({ baseUrl: server.url, credentials, backoff: { baseMs: 10, capMs: 20, maxAttempts: 3 } });
    const result = await api.convert({ fromCurrency: 'USDT', toCurrency: 'BTC', amount: new Decimal('10') });
    expect(result.status).toBe('uncertain');
    expect(server.hits()).toBe(1);
  });

  it('a money POST to a refused connection certainly did not happen: an error, not uncertain', async () => {
    const server = await serve(() => undefined);
    const url = server.url;
    for (const open of servers.splice(0)) await new Promise((resolve) => open.close(resolve));
    const api = createV3Api({ baseUrl: url, credentials });
    const error = await api.transfer({ currency: 'USDT', amount: new Decimal('1'), source: 'wallet', destination: 'spot' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'network' });
  });

  it('a success reply that cannot be read leaves a money move uncertain, not failed', async () => {
    const server = await serve((_req, res) => json(res, 200, '<html>proxy page</html>'));
    const api = createV3Api({ baseUrl: server.url, credentials });
    const result = await api.internalWithdraw({ currency: 'USDT', amount: new Decimal('1'), by: 'email', identifier: 'a@b.c' });
    expect(result.status).toBe('uncertain');
  });

  it('reads bare JSON numbers exactly, never through a float', async () => {
    const server = await serve((_req, res) => json(res, 200, '[{"currency":"BTC","available":0.1000000000000000055511,"reserved":12345678901234567.1}]'));
    const api = createV3Api({ baseUrl: server.url, credentials });
    const [balance] = await api.walletBalances();
    expect(balance?.available.toFixed()).toBe('0.1000000000000000055511');
    expect(balance?.reserved.toFixed()).toBe('12345678901234567.1');
  });

  it('names the field of a malformed reply', async () => {
    const server = await serve((_req, res) => json(res, 200, '[{"currency":"BTC","available":"lots","reserved":"0"}]'));
    const api = createV3Api({ baseUrl: server.url, credentials });
    await expect(api.walletBalances()).rejects.toMatchObject({ kind: 'response', field: 'available' });
  });

  it('gives up on a silent server after the timeout', async () => {
    const server = await serve(() => undefined);
    const api = createV3Api({ baseUrl: server.url, credentials, timeoutMs: 150, backoff: { baseMs: 10, capMs: 20, maxAttempts: 2 } });
    await expect(api.walletBalances()).rejects.toMatchObject({ kind: 'timeout' });
    expect(server.hits()).toBe(2);
  });
});
