// Serves the built renderer (out/renderer) read-only. Paths are resolved inside the root and
// anything escaping it is refused; unknown paths without an extension fall back to index.html.
// The build writes a brotli and a gzip copy next to each text file (precompressed.ts): the
// best one the browser accepts is sent as is, so nothing is compressed per request. Hashed files
// under assets/ never change under their name and are cached for good; index.html is checked
// every time, so a new build is picked up at the next load.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { contentTypeOf, resolveStaticPath } from '../electron/renderer-files';
import { COMPRESSED_SUFFIX, isCompressible, type ContentEncoding } from './precompressed';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Preference order when the browser accepts several. */
const PREFERRED: readonly ContentEncoding[] = ['br', 'gzip'];

export async function serveStatic(
  root: string,
  urlPath: string,
  head: boolean,
  res: ServerResponse,
  acceptEncoding?: string,
): Promise<void> {
  const resolved = resolveStaticPath(root, urlPath);
  if (resolved === null) return plain(res, 400, 'Bad path');
  const found = await sizeOf(resolved);
  const file = found !== null ? resolved : fallback(root, resolved);
  const size = found ?? (file === null ? null : await sizeOf(file));
  if (file === null || size === null) {
    return plain(res, 404, file === null ? 'Not found' : 'Coffer is not built yet: run npm run build');
  }
  const sent = isCompressible(file) ? await compressedCopy(file, acceptEncoding) : null;
  res.writeHead(200, {
    'Content-Type': contentTypeOf(file),
    'Content-Length': sent?.size ?? size,
    'Cache-Control': cacheControlFor(root, file),
    ...(isCompressible(file) ? { Vary: 'Accept-Encoding' } : {}),
    ...(sent ? { 'Content-Encoding': sent.encoding } : {}),
  });
  if (head) return void res.end();
  createReadStream(sent?.path ?? file).on('error', () => res.destroy()).pipe(res);
}

/** Cache-Control for a served file: hashed build assets for good, everything else revalidated. */
export function cacheControlFor(root: string, file: string): string {
  return relative(root, file).startsWith(`assets${sep}`) ? IMMUTABLE : REVALIDATE;
}

/** The encodings the browser accepts with a quality above 0 (by name or by `*`), best first. */
export function acceptedEncodings(acceptEncoding: string | undefined): ContentEncoding[] {
  const qualities = parseAcceptEncoding(acceptEncoding ?? '');
  return PREFERRED.filter((encoding) => (qualities.get(encoding) ?? qualities.get('*') ?? 0) > 0);
}

function parseAcceptEncoding(header: string): Map<string, number> {
  const qualities = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const q = params.find((param) => /^q=/i.test(param));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    qualities.set(name.toLowerCase(), Number.isFinite(quality) ? quality : 0);
  }
  return qualities;
}

interface CompressedCopy {
  encoding: ContentEncoding;
  path: string;
  size: number;
}

/** The best compressed copy of file on disk that the browser accepts, or null to send the file itself. */
async function compressedCopy(file: string, acceptEncoding: string | undefined): Promise<CompressedCopy | null> {
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    const path = file + COMPRESSED_SUFFIX[encoding];
    const size = await sizeOf(path);
    if (size !== null) return { encoding, path, size };
  }
  return null;
}

// Client-side routes (no extension) get the app; a missing asset is a real 404.
const fallback = (root: string, missing: string): string | null =>
  extname(missing) === '' ? join(root, 'index.html') : null;

/** The size of a regular file, or null when there is none at that path. */
async function sizeOf(path: string): Promise<number | null> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats.size : null;
  } catch {
    return null;
  }
}

export function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}
