// The contract fuzzed over a real socket: a web host in a process of its own (the built-in sandbox
// in it, nothing external) is sent every operation × hostile payloads (wrong types, nothing, null,
// lists, ~1 MB text, halves of surrogate pairs, bidi and zero-width marks, NUL, deep nesting,
// numbers where text goes, extra keys). The process never falls, nothing is answered INTERNAL, no
// error reaches its last-resort guard, and a normal call is answered afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { OPERATION_NAMES } from '../../../preload/contract';
import type { Result } from '../../../preload/contract';
import { WIRE_PATH, type WireFromHost } from '../../../preload/contract/wire';
import { openFloodSocket } from './flood-client';
import { hostileCalls, takesNoData, validLookingRequest, type HostileCall } from './hostile-payloads';

const ROOT = resolve(__dirname, '../../..');
const TSX_LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const READY_LINE = /^FUZZ-HOST (\d+) (\S+)$/;
/** Calls in flight on the socket: under the call gate's allowance for state changes, so none is answered BUSY. */
const IN_FLIGHT = 12;

let folder: string;
let child: ChildProcess;
let port: number;
let token: string;
const stderr: string[] = [];
let exited: number | string | null = null;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'coffer-fuzz-'));
  // Run from the temporary folder: a relative path a payload names (an export folder) resolves inside it.
  child = spawn(process.execPath, ['--import', TSX_LOADER, join(__dirname, 'fuzz-host.ts'), folder], {
    cwd: folder,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.once('exit', (code, signal) => (exited = code ?? signal));
  createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));
  const ready = await new Promise<RegExpExecArray>((done, fail) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = READY_LINE.exec(line);
      if (match) done(match);
    });
    child.once('exit', (code) => fail(new Error(`the fuzz host exited (${code}) before listening:\n${stderr.join('\n')}`)));
  });
  port = Number(ready[1]);
  token = ready[2] ?? '';
});

afterAll(async () => {
  if (child?.exitCode === null) {
    const gone = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await gone;
  }
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Sends every call as the text a page would, IN_FLIGHT at a time, and pairs each with its answer. */
async function answersTo(calls: readonly HostileCall[]): Promise<[HostileCall, Result<unknown>][]> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${WIRE_PATH}?token=${token}`, { origin: `http://127.0.0.1:${port}` });
  await new Promise((done, fail) => ws.once('open', done).once('error', fail));
  const waiting = new Map<number, (result: Result<unknown>) => void>();
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as WireFromHost;
    if (message.type === 'result') waiting.get(message.id)?.(message.result);
  });
  const answered: [HostileCall, Result<unknown>][] = [];
  let next = 0;
  const lane = async () => {
    for (let id = next++; id < calls.length; id = next++) {
      const call = calls[id]!;
      const request = call.json === undefined ? '' : `,"request":${call.json}`;
      const result = new Promise<Result<unknown>>((done) => waiting.set(id, done));
      ws.send(`{"type":"call","id":${id},"op":${JSON.stringify(call.op)}${request}}`);
      answered.push([call, await result]);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  ws.close();
  return answered;
}

const codeOf = (result: Result<unknown>) => (result.ok ? 'ok' : result.error.code);

describe('the contract under hostile payloads', () => {
  it('has a valid-looking request for every operation that takes data, so each field is fuzzed past its neighbours', () => {
    const takingData = OPERATION_NAMES.filter((op) => !takesNoData(op));
    expect(takingData.filter((op) => !validLookingRequest(op).valid)).toEqual([]);
    expect(takingData.length).toBeGreaterThan(OPERATION_NAMES.length / 2);
  });

  it('answers every one, never INTERNAL, and the host process stays up', { timeout: 60_000 }, async () => {
    const calls = hostileCalls();
    const answered = await answersTo(calls);

    expect(answered).toHaveLength(calls.length);
    const internal = answered.filter(([, result]) => codeOf(result) === 'INTERNAL').map(([call]) => `${call.op} (${call.label})`);
    expect(internal).toEqual([]);
    // Each operation was refused at least once as bad input naming a field: the payloads reached validation.
    const refusedOps = new Set(answered.filter(([, result]) => codeOf(result) === 'VALIDATION').map(([call]) => call.op));
    expect(OPERATION_NAMES.filter((op) => !refusedOps.has(op))).toEqual([]);
    expect(answered.filter(([, result]) => codeOf(result) === 'BUSY')).toEqual([]);
    expect(exited).toBeNull();
    expect(stderr.filter((line) => /survived an|unexpectedly/.test(line))).toEqual([]);
  });

  it('closes only the socket of a message over the size limit, and answers a normal call afterwards', async () => {
    const bystander = await openFloodSocket(port, token);
    const oversize = new WebSocket(`ws://127.0.0.1:${port}${WIRE_PATH}?token=${token}`, { origin: `http://127.0.0.1:${port}` });
    await new Promise((done, fail) => oversize.once('open', done).once('error', fail));
    const closed = new Promise<number>((done) => oversize.once('close', done));
    oversize.send(JSON.stringify({ type: 'call', id: 1, op: 'getAppInfo', request: { padding: 'A'.repeat(1_100_000) } }));
    expect(await closed).toBe(1009);
    expect(await bystander.answer(bystander.send('getAppInfo'))).toMatchObject({ ok: true, value: { transport: 'web' } });
    const profiles = await bystander.answer(bystander.send('listProfiles'));
    expect(profiles).toMatchObject({ ok: true, value: expect.arrayContaining([expect.objectContaining({ builtIn: true })]) });
    await bystander.drop();
    expect(exited).toBeNull();
  });
});
