// The renderer's files as the web host sends them: the build's brotli or gzip copy the browser
// accepts (else the file itself), always with Vary: Accept-Encoding and the file's own type;
// hashed assets cached for good and index.html revalidated; the CSP and the socket's token rules
// the same whatever is served. Over real sockets, on a folder compressed by precompressDir.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../../../main/core/events';
import { precompressDir } from '../../../main/host/precompressed';
import { startHost, type RunningHost } from '../../../main/host/server';
import { acceptedEncodings, cacheControlFor, IMMUTABLE, REVALIDATE } from '../../../main/host/static-files';
import { WIRE_PATH } from '../../../preload/contract/wire';
import { ownHeaders, upgradeStatus } from '../../integration/host/host-client';

const CHROMIUM_ACCEPTS = 'gzip, deflate, br, zstd';
// Repetitive like real bundles, and well above the 1 KB below which no copy is written.
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = "${'coffer '.repeat(i % 7)}";`).join('\n');
const PAGE = `<!doctype html><html><head><title>Coffer</title>${'<meta name="x" content="y">'.repeat(60)}</head><body><div id="app"></div></body></html>`;
const SMALL_STYLE = 'body{margin:0}';
const ICON = Buffer.from([0x89, 0x50, 0x4e, 0x47, ...Array.from({ length: 3000 }, (_, i) => i % 256)]);

let root: string;
let rendererDir: string;
let host: RunningHost;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'coffer-static-'));
  rendererDir = join(root, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), PAGE);
  writeFileSync(join(rendererDir, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(join(rendererDir, 'assets', 'small-XyZ789.css'), SMALL_STYLE);
  // Left by an earlier build when this file was larger: it must not outlive the rebuild.
  writeFileSync(join(rendererDir, 'assets', 'small-XyZ789.css.br'), 'stale');
  writeFileSync(join(rendererDir, 'assets', 'icon-Def456.png'), ICON);
  await precompressDir(rendererDir);
  host = await startHost({
    dispatch: async () => ({ ok: true, value: null }),
    events: createEventBus(),
    rendererDir,
  });
});

afterAll(async () => {
  await host?.close();
  rmSync(root, { recursive: true, force: true });
});

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function fetchRaw(path: string, acceptEncoding?: string, method = 'GET'): Promise<RawReply> {
  const headers: Record<string, string> = { Host: `127.0.0.1:${host.port}` };
  if (acceptEncoding !== undefined) headers['Accept-Encoding'] = acceptEncoding;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('precompressDir', () => {
  it('writes brotli and gzip copies that decode to the file, for text of 1 KB and more only', () => {
    const script = join(rendererDir, 'assets', 'index-AbC123.js');
    expect(brotliDecompressSync(readFileSync(`${script}.br`)).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(`${script}.gz`)).toString()).toBe(SCRIPT);
    expect(statSync(`${script}.br`).size).toBeLessThan(SCRIPT.length / 4);
    expect(gunzipSync(readFileSync(join(rendererDir, 'index.html.gz'))).toString()).toBe(PAGE);
    for (const skipped of ['small-XyZ789.css.br', 'small-XyZ789.css.gz', 'icon-Def456.png.br', 'icon-Def456.png.gz']) {
      expect(existsSync(join(rendererDir, 'assets', skipped)), skipped).toBe(false);
    }
  });
});

describe('choosing the encoding', () => {
  it('prefers brotli, then gzip, among what the browser accepts with a quality above 0', () => {
    expect(acceptedEncodings(CHROMIUM_ACCEPTS)).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.5')).toEqual(['gzip']);
    expect(acceptedEncodings('BR;Q=0.2')).toEqual(['br']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip;q=0, *')).toEqual(['br']);
    expect(acceptedEncodings('*;q=0')).toEqual([]);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings('')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });

  it('caches hashed assets for good and revalidates everything else', () => {
    expect(cacheControlFor('/srv/r', '/srv/r/assets/index-AbC123.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('/srv/r', '/srv/r/index.html')).toBe(REVALIDATE);
    expect(cacheControlFor('/srv/r', '/srv/r/assets-old.js')).toBe(REVALIDATE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
  });
});

describe('serving over a real socket', () => {
  it('sends the brotli copy to a browser that accepts it, typed and sized as sent', async () => {
    const reply = await fetchRaw('/assets/index-AbC123.js', CHROMIUM_ACCEPTS);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(reply.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
    expect(brotliDecompressSync(reply.body).toString()).toBe(SCRIPT);
  });

  it('sends gzip when brotli is not accepted, and the file itself when nothing is', async () => {
    const gzipped = await fetchRaw('/assets/index-AbC123.js', 'gzip, deflate');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(SCRIPT);
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plainReply = await fetchRaw('/assets/index-AbC123.js', accept);
      expect(plainReply.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(plainReply.headers.vary).toBe('Accept-Encoding');
      expect(plainReply.body.toString()).toBe(SCRIPT);
      expect(Number(plainReply.headers['content-length'])).toBe(SCRIPT.length);
    }
  });

  it('revalidates index.html, for the root and for client-side routes alike', async () => {
    for (const path of ['/', '/index.html', '/wallet']) {
      const reply = await fetchRaw(path, CHROMIUM_ACCEPTS);
      expect(reply.status, path).toBe(200);
      expect(reply.headers['cache-control'], path).toBe(REVALIDATE);
      expect(reply.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(reply.headers['content-encoding'], path).toBe('br');
      expect(brotliDecompressSync(reply.body).toString(), path).toBe(PAGE);
    }
  });

  it('sends small files and images as they are, without a stale copy or Vary for images', async () => {
    const style = await fetchRaw('/assets/small-XyZ789.css', CHROMIUM_ACCEPTS);
    expect(style.headers['content-encoding']).toBeUndefined();
    expect(style.body.toString()).toBe(SMALL_STYLE);
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
    const icon = await fetchRaw('/assets/icon-Def456.png', CHROMIUM_ACCEPTS);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers.vary).toBeUndefined();
    expect(icon.headers['cache-control']).toBe(IMMUTABLE);
    expect(icon.body.equals(ICON)).toBe(true);
  });

  it('answers HEAD with the headers of the copy a GET would send and no body', async () => {
    const reply = await fetchRaw('/assets/index-AbC123.js', CHROMIUM_ACCEPTS, 'HEAD');
    expect(reply.headers['content-encoding']).toBe('br');
    expect(Number(reply.headers['content-length'])).toBe(statSync(join(rendererDir, 'assets', 'index-AbC123.js.br')).size);
    expect(reply.body.length).toBe(0);
  });

  it('keeps a missing asset a 404', async () => {
    expect((await fetchRaw('/assets/missing-000.js', CHROMIUM_ACCEPTS)).status).toBe(404);
  });

  it('keeps the CSP on compressed answers and the token rule on the socket', async () => {
    for (const path of ['/', '/assets/index-AbC123.js']) {
      const csp = String((await fetchRaw(path, CHROMIUM_ACCEPTS)).headers['content-security-policy']);
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain(`connect-src 'self' ws://127.0.0.1:${host.port}`);
    }
    expect(await upgradeStatus(host.port, WIRE_PATH, ownHeaders(host.port))).toBe(401);
    expect(await upgradeStatus(host.port, `${WIRE_PATH}?token=x`, ownHeaders(host.port))).toBe(401);
    expect(await upgradeStatus(host.port, `${WIRE_PATH}?token=${host.token}`, ownHeaders(host.port))).toBe(101);
  });
});
