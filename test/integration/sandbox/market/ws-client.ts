// A test client for the market-data stream: collects every message and waits for the one wanted.
import { WebSocket } from 'ws';

export type Message = Record<string, unknown>;

export class StreamClient {
  readonly messages: Message[] = [];
  readonly raw: string[] = [];
  pings = 0;
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      this.messages.push(JSON.parse(text) as Message);
      for (const w of this.waiters.splice(0)) w();
    });
    ws.on('ping', () => {
      this.pings += 1;
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static async open(url: string): Promise<StreamClient> {
    const ws = new WebSocket(`${url}/api/3/ws/public`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new StreamClient(ws);
  }

  send(request: unknown): void {
    this.ws.send(typeof request === 'string' ? request : JSON.stringify(request));
  }

  /** Waits for the first message after index `from` matching `match`; returns it. */
  async next(match: (m: Message) => boolean, timeoutMs = 5000, from = 0): Promise<Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(from).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(this.messages.slice(-5))}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  async until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Sends a request and waits for the reply carrying its id. */
  async request(request: Message): Promise<Message> {
    const from = this.messages.length;
    this.send(request);
    return this.next((m) => m.id === request.id && ('result' in m || 'error' in m), 5000, from);
  }

  close(): void {
    this.ws.terminate();
  }
}

export const isChannel = (ch: string, kind?: string) => (m: Message): boolean =>
  m.ch === ch && (kind === undefined || kind in m);
