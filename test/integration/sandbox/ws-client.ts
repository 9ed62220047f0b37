// A small JSON-RPC WebSocket client for the stream tests: collects every message and waits for
// the first one matching a predicate.
import { WebSocket } from 'ws';
import { hmacHex, type TestKey } from './harness';

export type Message = Record<string, unknown>;

export class TestSocket {
  readonly messages: Message[] = [];
  private waiters: { match: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  pings = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Message;
      this.messages.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(message)) return true;
        w.resolve(message);
        return false;
      });
    });
    ws.on('ping', () => { this.pings += 1; });
  }

  static open(url: string): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once('open', () => resolve(new TestSocket(ws)));
      ws.once('error', reject);
    });
  }

  send(message: Message): void {
    this.ws.send(JSON.stringify(message));
  }

  /** The first message (already received or coming) that matches, within timeoutMs. */
  next(match: (m: Message) => boolean, timeoutMs = 5_000): Promise<Message> {
    const seen = this.messages.find(match);
    if (seen) {
      this.messages.splice(this.messages.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching message in time')), timeoutMs);
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          this.messages.splice(this.messages.indexOf(m), 1);
          resolve(m);
        },
      });
    });
  }

  async request(method: string, params: Message = {}, id: string | number = Math.floor(Math.random() * 1e9)): Promise<Message> {
    this.send({ method, params, id });
    return this.next((m) => m.id === id);
  }

  loginHs256(key: TestKey, window?: number): Promise<Message> {
    const timestamp = Date.now();
    const signature = hmacHex(key.secret_key, String(timestamp) + (window === undefined ? '' : String(window)));
    return this.request('login', { type: 'HS256', api_key: key.api_key, timestamp, signature, ...(window === undefined ? {} : { window }) });
  }

  closed(): Promise<number> {
    return new Promise((resolve) => {
      if (this.ws.readyState === WebSocket.CLOSED) resolve(1006);
      else this.ws.once('close', (code) => resolve(code));
    });
  }

  close(): void {
    this.ws.close();
  }
}
