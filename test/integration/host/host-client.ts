// Test helpers speaking to a running web host over real sockets: raw HTTP with chosen headers,
// raw upgrade attempts (to read refusal statuses), and a WebSocket contract client.
import { request } from 'node:http';
import WebSocket from 'ws';
import type { WireCall, WireFromHost, WireResult } from '../../../preload/contract/wire';
import { WIRE_PATH } from '../../../preload/contract/wire';

export interface HttpReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function httpGet(port: number, path: string, headers: Record<string, string> = {}): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Attempts a WebSocket upgrade; resolves with 101 on success or the refusal status. */
export function upgradeStatus(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    req.on('upgrade', (_res, socket) => {
      socket.destroy();
      resolve(101);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

export const ownHeaders = (port: number) => ({ Host: `127.0.0.1:${port}`, Origin: `http://127.0.0.1:${port}` });

export interface ContractClient {
  call(op: string, request?: unknown): Promise<WireResult['result']>;
  sendRaw(text: string): Promise<WireResult>;
  nextEvent(): Promise<WireFromHost>;
  close(): void;
}

export async function connect(port: number, token: string): Promise<ContractClient> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${WIRE_PATH}?token=${token}`, {
    origin: `http://127.0.0.1:${port}`,
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const inbox: WireFromHost[] = [];
  const waiters: ((message: WireFromHost) => void)[] = [];
  ws.on('message', (data) => {
    const message: WireFromHost = JSON.parse(data.toString());
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else inbox.push(message);
  });
  const next = () =>
    new Promise<WireFromHost>((resolve) => {
      const queued = inbox.shift();
      if (queued) resolve(queued);
      else waiters.push(resolve);
    });
  const nextOfType = async <T extends WireFromHost['type']>(type: T): Promise<Extract<WireFromHost, { type: T }>> => {
    for (;;) {
      const message = await next();
      if (message.type === type) return message as Extract<WireFromHost, { type: T }>;
    }
  };
  let nextId = 1;
  return {
    async call(op, request) {
      const call = { type: 'call', id: nextId++, op, request } satisfies Omit<WireCall, 'op'> & { op: string };
      ws.send(JSON.stringify(call));
      const reply = await nextOfType('result');
      if (reply.id !== call.id) throw new Error(`reply for ${reply.id}, expected ${call.id}`);
      return reply.result;
    },
    async sendRaw(text) {
      ws.send(text);
      return nextOfType('result');
    },
    nextEvent: () => nextOfType('event'),
    close: () => ws.close(),
  };
}
