// A loopback pass-through in front of a server that records the path of every request and
// WebSocket upgrade, so a test can see which API a client really called (e.g. /api/2 or /api/3).
import { createServer, request, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

export interface RecordingProxy {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Paths (query left off) in the order they arrived. */
  paths: string[];
  /** The same requests as "METHOD /path", so a test can tell a commit (PUT) from a rollback (DELETE). */
  requests: string[];
  close(): Promise<void>;
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const { hostname, port } = new URL(target);
  const paths: string[] = [];
  const requests: string[] = [];
  const upgraded = new Set<{ destroy(): void }>();
  const record = (incoming: IncomingMessage) => {
    const path = (incoming.url ?? '').split('?')[0] ?? '';
    paths.push(path);
    requests.push(`${incoming.method ?? 'GET'} ${path}`);
  };
  const server = createServer((incoming, outgoing) => {
    record(incoming);
    const forwarded = request({ host: hostname, port, method: incoming.method, path: incoming.url, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(outgoing);
    });
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  server.on('upgrade', (incoming: IncomingMessage, socket, head: Buffer) => {
    record(incoming);
    const upstream = connect(Number(port), hostname, () => {
      const headers = Object.entries(incoming.headersDistinct).flatMap(([name, values]) => (values ?? []).map((value) => `${name}: ${value}`));
      upstream.write(`${incoming.method} ${incoming.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upgraded.add(upstream).add(socket);
    const end = () => { upstream.destroy(); socket.destroy(); };
    upstream.on('error', end);
    socket.on('error', end);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port: own } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${own}`,
    paths,
    requests,
    close: () => {
      server.closeAllConnections();
      for (const socket of upgraded) socket.destroy();
      return new Promise((closed) => server.close(() => closed()));
    },
  };
}
