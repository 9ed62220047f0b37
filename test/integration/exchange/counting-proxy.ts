// A loopback HTTP proxy in front of the sandbox that counts what really went over the wire, so
// "sent once" is checked by a witness other than the client itself. It also keeps each request's
// Authorization header and when it arrived, and can add a Retry-After to the sandbox's 429s
// (the sandbox sends none; a real service may).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** Date.now() when the request reached the proxy. */
  arrivedAt: number;
  /** The sandbox's reply status, once it came. */
  status?: number;
}

export interface CountingProxyOptions {
  /** Added as the Retry-After header of every 429 the sandbox answers. */
  retryAfterOn429?: string;
}

export interface CountingProxy {
  url: string;
  count(method: string, path: string): number;
  /** Every request in the order it arrived. */
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

export async function startCountingProxy(target: string, options: CountingProxyOptions = {}): Promise<CountingProxy> {
  const upstream = new URL(target);
  const counts = new Map<string, number>();
  const requests: ProxiedRequest[] = [];
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const key = `${req.method ?? 'GET'} ${path}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const seen: ProxiedRequest = { method: req.method ?? 'GET', path, authorization: req.headers.authorization, arrivedAt: Date.now() };
    requests.push(seen);
    const forward = http.request({
      hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers,
    }, (reply) => {
      seen.status = reply.statusCode;
      const headers = { ...reply.headers };
      if (reply.statusCode === 429 && options.retryAfterOn429 !== undefined) headers['retry-after'] = options.retryAfterOn429;
      res.writeHead(reply.statusCode ?? 502, headers);
      reply.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    count: (method, path) => counts.get(`${method} ${path}`) ?? 0,
    requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** The fields of an HS256 header (version 3: key, signature, timestamp[, window]; version 2: key, timestamp, signature). */
export function hs256Fields(authorization: string | undefined): string[] {
  if (authorization?.startsWith('HS256 ') !== true) throw new Error(`not an HS256 header: ${authorization ?? 'none'}`);
  return Buffer.from(authorization.slice('HS256 '.length), 'base64').toString('utf8').split(':');
}
