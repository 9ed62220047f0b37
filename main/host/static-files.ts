// Serves the built renderer (out/renderer) read-only. Paths are resolved inside the root and
// anything escaping it is refused; unknown paths without an extension fall back to index.html.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { contentTypeOf, resolveStaticPath } from '../electron/renderer-files';


export async function serveStatic(root: string, urlPath: string, head: boolean, res: ServerResponse): Promise<void> {
  const resolved = resolveStaticPath(root, urlPath);
  if (resolved === null) return plain(res, 400, 'Bad path');
  const file = (await isFile(resolved)) ? resolved : fallback(root, resolved);
  if (file === null || !(await isFile(file))) {
    return plain(res, 404, file === null ? 'Not found' : 'Coffer is not built yet: run npm run build');
  }
  res.writeHead(200, {
    'Content-Type': contentTypeOf(file),
    'Cache-Control': 'no-cache',
  });
  if (head) return void res.end();
  createReadStream(file).on('error', () => res.destroy()).pipe(res);
}

// Client-side routes (no extension) get the app; a missing asset is a real 404.
const fallback = (root: string, missing: string): string | null =>
  extname(missing) === '' ? join(root, 'index.html') : null;

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}
