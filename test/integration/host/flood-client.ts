// A contract socket that fires calls without waiting, as a misbehaving page would, and collects
// the answers by id (host-client's ContractClient answers one call at a time).
import WebSocket from 'ws';
import type { Result } from '../../../preload/contract';
import { WIRE_PATH, type WireFromHost } from '../../../preload/contract/wire';

export interface FloodSocket {
  /** Sends one call now; returns its id. */
  send(op: string, request?: unknown): number;
  answer(id: number): Promise<Result<unknown>>;
  /** Answers so far, by call id. */
  readonly answers: ReadonlyMap<number, Result<unknown>>;
  /** How many of these calls have been answered with this error code. */
  countCode(ids: readonly number[], code: string): number;
  /** Drops the connection at once, like a closed tab; resolves when it is closed. */
  drop(): Promise<void>;
}

export async function openFloodSocket(port: number, token: string): Promise<FloodSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${WIRE_PATH}?token=${token}`, { origin: `http://127.0.0.1:${port}` });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const answers = new Map<number, Result<unknown>>();
  const waiting = new Map<number, (result: Result<unknown>) => void>();
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as WireFromHost;
    if (message.type !== 'result') return;
    answers.set(message.id, message.result);
    waiting.get(message.id)?.(message.result);
    waiting.delete(message.id);
  });
  let nextId = 1;
  return {
    send(op, request) {
      const id = nextId++;
      ws.send(JSON.stringify({ type: 'call', id, op, request }));
      return id;
    },
    answer(id) {
      const known = answers.get(id);
      if (known !== undefined) return Promise.resolve(known);
      return new Promise((resolve) => waiting.set(id, resolve));
    },
    answers,
    countCode: (ids, code) => ids.filter((id) => {
      const result = answers.get(id);
      return result !== undefined && !result.ok && result.error.code === code;
    }).length,
    drop: () => new Promise<void>((resolve) => {
      if (ws.readyState === WebSocket.CLOSED) return resolve();
      ws.once('close', () => resolve());
      ws.terminate();
    }),
  };
}
