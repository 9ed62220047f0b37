// Main keeps answering while a 100,000-entry export or chain check runs. The real core behind the
// real web host, over a loopback WebSocket, asked the way the renderer asks (the export one
// chunk at a time, cursor handed back): we record the order in which answers arrive (never wall
// time) and check that another call is answered between chunks of the long task, not after it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createCore, type Core } from '../../../main/core/app';
import { openAuditLog } from '../../../main/core/audit/audit-log';
import { AUDIT_CSV_HEADER, auditCsvLines } from '../../../main/core/audit/csv';
import { startHost, type RunningHost } from '../../../main/host/server';
import type { OperationName } from '../../../preload/contract';
import type { AuditCsvChunk, AuditVerification, AuditVerifyProgress } from '../../../preload/contract/audit';
import type { Result } from '../../../preload/contract/result';
import { WIRE_PATH, type WireFromHost } from '../../../preload/contract/wire';
import { seedAuditLog } from '../../unit/audit/seed-audit';

const ENTRIES = 100_000;

let root: string;
let core: Core;
let host: RunningHost;
let client: MultiplexClient;
/** Labels of answers in the order they arrived over the socket. */
let arrivals: string[];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'coffer-audit-responsive-'));
  const dataDir = join(root, 'data');
  seedAuditLog(dataDir, ENTRIES);
  const rendererDir = join(root, 'renderer');
  core = await createCore({ dataDir, transport: 'web' });
  host = await startHost({ dispatch: core.dispatch, events: core.events, rendererDir });
  client = await connectClient(host);
}, 120_000);

afterAll(async () => {
  client?.close();
  await host?.close();
  await core?.close();
  rmSync(root, { recursive: true, force: true });
});

interface MultiplexClient {
  /** Sends at once; answers may come back in any order, each to its own call. */
  call(op: OperationName, request: unknown): Promise<Result<unknown>>;
  onProgress(listener: (progress: AuditVerifyProgress) => void): () => void;
  close(): void;
}

async function connectClient(running: RunningHost): Promise<MultiplexClient> {
  const ws = new WebSocket(`ws://127.0.0.1:${running.port}${WIRE_PATH}?token=${running.token}`, { origin: `http://127.0.0.1:${running.port}` });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const waiting = new Map<number, (result: Result<unknown>) => void>();
  const listeners = new Set<(progress: AuditVerifyProgress) => void>();
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as WireFromHost;
    if (message.type === 'result') waiting.get(message.id)?.(message.result);
    else if (message.event === 'auditVerifyProgress') for (const listener of listeners) listener(message.payload as AuditVerifyProgress);
  });
  let nextId = 1;
  return {
    call: (op, request) =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        ws.send(JSON.stringify(request === undefined ? { type: 'call', id, op } : { type: 'call', id, op, request }));
      }),
    onProgress(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => ws.close(),
  };
}

/** A call whose answer is logged the moment it arrives (the handler is attached before any other). */
function logged<T>(op: OperationName, request: unknown, label: string): Promise<Result<T>> {
  return client.call(op, request).then((result) => {
    arrivals.push(label);
    return result as Result<T>;
  });
}

function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

describe('main stays responsive during long audit tasks', () => {
  it('answers listAudit between chunks of a 100,000-entry export, and the chunks add up to the whole log', async () => {
    arrivals = [];
    const parts: string[] = [];
    let chunk = unwrap(await logged<AuditCsvChunk>('exportAuditCsvChunk', { filter: {} }, 'chunk 1'));
    parts.push(chunk.csv);
    for (let number = 2; chunk.next !== null; number += 1) {
      const reply = logged<AuditCsvChunk>('exportAuditCsvChunk', { filter: {}, cursor: chunk.next }, `chunk ${number}`);
      // Sent right behind a chunk's request, while the export goes on.
      if (number === 2 || number === 50) void logged('listAudit', { limit: 5 }, `list during chunk ${number}`);
      chunk = unwrap(await reply);
      parts.push(chunk.csv);
    }

    const chunks = arrivals.filter((label) => label.startsWith('chunk '));
    expect(chunks.length).toBeGreaterThanOrEqual(50);
    expect(arrivals.indexOf('list during chunk 2')).toBe(arrivals.indexOf('chunk 2') + 1);
    expect(arrivals.indexOf('list during chunk 50')).toBe(arrivals.indexOf('chunk 50') + 1);
    expect(arrivals.at(-1)).toBe(`chunk ${chunks.length}`);

    expect(chunk).toMatchObject({ done: ENTRIES, total: ENTRIES });
    const reader = openAuditLog(join(root, 'data'));
    try {
      expect(parts.join('')).toBe(AUDIT_CSV_HEADER + auditCsvLines(reader.all()));
    } finally {
      reader.close();
    }
  });

  it('answers listAudit while the chain check of 100,000 entries runs, with progress before and after', async () => {
    arrivals = [];
    const progress: AuditVerifyProgress[] = [];
    let progressWhenListed = -1;
    const stop = client.onProgress((p) => progress.push(p));
    const verifying = logged<AuditVerification>('verifyAudit', undefined, 'verify');
    const listing = logged('listAudit', { limit: 5 }, 'list').then((result) => {
      progressWhenListed = progress.length;
      return result;
    });
    const [verdict, page] = await Promise.all([verifying, listing]);
    stop();

    expect(arrivals).toEqual(['list', 'verify']);
    expect(page.ok).toBe(true);
    expect(verdict).toEqual({ ok: true, value: { ok: true, count: ENTRIES } });
    expect(progressWhenListed).toBeGreaterThan(0);
    expect(progressWhenListed).toBeLessThan(progress.length - 1);
    expect(progress.at(-1)).toEqual({ done: ENTRIES, total: ENTRIES });
  });

  it('joins a check already running instead of starting a second walk', async () => {
    // Straight to dispatch: a transport may also share identical reads, this is the core's own rule.
    const progress: number[] = [];
    const stop = core.events.subscribe((event, payload) => {
      if (event === 'auditVerifyProgress') progress.push((payload as AuditVerifyProgress).done);
    });
    const [first, second] = await Promise.all([core.dispatch('verifyAudit', undefined), core.dispatch('verifyAudit', undefined)]);
    stop();
    expect(first).toEqual({ ok: true, value: { ok: true, count: ENTRIES } });
    expect(second).toEqual(first);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.filter((done) => done === 0)).toHaveLength(1);
  });
});
