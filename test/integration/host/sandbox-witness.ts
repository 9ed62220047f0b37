// The app's built-in sandbox with a witness in front of its REST port: a loopback proxy that logs,
// in arrival order, every request that reached the sandbox, and that can make chosen paths slow
// to answer (the request reaches the sandbox at once; its reply is held back), like a loaded service.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SandboxLauncher } from '../../../main/core/builtin-sandbox';
import { startSandbox } from '../../../main/sandbox/index';

export interface SandboxWitness {
  /** host:port the app's exchange client talks to (what its rate limiter counts against). */
  host: string;
  /** "GET /api/3/wallet/balance", one per request, in the order they reached the sandbox. */
  readonly log: readonly string[];
  count(method: string, path: string): number;
  /** Holds every reply on this path for ms from now on. */
  slow(path: string, ms: number): void;
  close(): Promise<void>;
}

/** A launcher for createCore: the light-seeded sandbox behind a witness, handed to `ready`. */
export function witnessedSandbox(ready: (witness: SandboxWitness) => void): SandboxLauncher {
  return async (options) => {
    const sandbox = await startSandbox({ ...options, lightSeed: true });
    const witness = await startWitness(sandbox.restUrl);
    ready(witness);
    return {
      ...sandbox,
      restUrl: `http://${witness.host}`,
      close: async () => {
        await witness.close();
        await sandbox.close();
      },
    };
  };
}

async function startWitness(target: string): Promise<SandboxWitness> {
  const upstream = new URL(target);
  const log: string[] = [];
  const delays = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    log.push(`${req.method ?? 'GET'} ${path}`);
    const delay = delays.get(path) ?? 0;
    const forward = http.request({
      hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers,
    }, (reply) => {
      setTimeout(() => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      }, delay);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    log,
    count: (method, path) => log.filter((line) => line === `${method} ${path}`).length,
    slow: (path, ms) => void delays.set(path, ms),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
