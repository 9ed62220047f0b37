// The web host's upload of an export for review, over real sockets: admitted only with our Host,
// our Origin and the launch token, for a review that was begun; the raw body streamed into the
// review, which then checks and loads it; a body larger than announced is refused and leaves
// nothing to check.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewReport } from '../../../preload/contract/history';
import type { Result } from '../../../preload/contract/result';
import { createCore, type Core } from '../../../main/core/app';
import { startHost, type RunningHost } from '../../../main/host/server';
import { makeExport, removeScratch, testKey } from '../../unit/exports/signed-export';
import { ownHeaders } from './host-client';

let root: string;
let core: Core;
let host: RunningHost;
let exportBytes: Buffer;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'coffer-review-upload-'));
  core = await createCore({ dataDir: join(root, 'data'), transport: 'web' });
  host = await startHost({ dispatch: core.dispatch, events: core.events, rendererDir: join(root, 'renderer'), reviewUpload: core.receiveReviewFile });
  exportBytes = readFileSync(await makeExport(testKey()));
});

afterAll(async () => {
  await host?.close();
  await core?.close();
  removeScratch();
  rmSync(root, { recursive: true, force: true });
});

interface Reply {
  status: number;
  body: string;
}

/** Sends `body` in pieces, as a browser streams a file. */
function put(path: string, headers: Record<string, string>, body: Buffer, method = 'PUT'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, method, headers: { 'Content-Length': String(body.length), ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    // The host may answer and close before the whole of a refused body is sent.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    for (let at = 0; at < body.length; at += 4096) req.write(body.subarray(at, at + 4096));
    req.end();
  });
}

const admitted = () => ({ ...ownHeaders(host.port), Authorization: `Bearer ${host.token}` });

async function begin(size: number): Promise<string> {
  const begun = await core.dispatch('beginReview', { fileName: 'export.zip', size });
  if (!begun.ok) throw new Error(begun.error.message);
  return (begun.value as { reviewId: string }).reviewId;
}

describe('sending an export for review', () => {
  it('refuses a request that is not our page’s, before reading its body', async () => {
    const reviewId = await begin(exportBytes.length);
    const path = `/review-upload/${reviewId}`;
    const { Host, Origin } = ownHeaders(host.port);
    const refused: Array<{ headers: Record<string, string>; method?: string; status: number }> = [
      { headers: admitted(), method: 'POST', status: 405 },
      { headers: { ...admitted(), Host: `attacker.example:${host.port}` }, status: 421 },
      { headers: { Host, Authorization: `Bearer ${host.token}` }, status: 403 },
      { headers: { ...admitted(), Origin: 'http://attacker.example' }, status: 403 },
      { headers: { Host, Origin }, status: 401 },
      { headers: { ...admitted(), Authorization: 'Bearer not-the-token' }, status: 401 },
    ];
    for (const { headers, method, status } of refused) expect((await put(path, headers, exportBytes, method)).status).toBe(status);
    expect((await put('/review-upload/../index.html', admitted(), exportBytes)).status).toBe(404);
    // None of it reached the review: the whole file can still be sent.
    const sent = await put(path, admitted(), exportBytes);
    expect(JSON.parse(sent.body)).toEqual({ ok: true, value: { received: exportBytes.length } });
    await core.dispatch('closeReview', { reviewId });
  });

  it('streams the file into the review, which then checks and loads it', async () => {
    const reviewId = await begin(exportBytes.length);
    const sent = await put(`/review-upload/${reviewId}`, admitted(), exportBytes);
    expect(sent.status).toBe(200);
    expect(JSON.parse(sent.body)).toEqual({ ok: true, value: { received: exportBytes.length } });
    const report = (await core.dispatch('finishReview', { reviewId })) as Result<ReviewReport>;
    expect(report).toMatchObject({ ok: true, value: { loaded: true, problems: [expect.objectContaining({ kind: 'unknownKey' })] } });
    await core.dispatch('closeReview', { reviewId });
  });

  it('refuses more bytes than were announced, and an unknown review, as results naming why', async () => {
    const reviewId = await begin(exportBytes.length - 1);
    const sent = await put(`/review-upload/${reviewId}`, admitted(), exportBytes);
    expect(JSON.parse(sent.body)).toMatchObject({ ok: false, error: { code: 'TOO_LARGE', field: 'size' } });
    expect(await core.dispatch('finishReview', { reviewId })).toMatchObject({ ok: false, error: { message: expect.stringContaining('have arrived') } });
    await core.dispatch('closeReview', { reviewId });
    const closed = await put(`/review-upload/${reviewId}`, admitted(), exportBytes);
    expect(JSON.parse(closed.body)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});
