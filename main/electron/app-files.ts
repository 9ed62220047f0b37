// Which file of the built renderer an app:// request gets, as a plain function (no Electron), so
// the protocol handler's one decision is tested under Node: only app://coffer, only files inside
// the renderer folder, never a path that escapes it however it is encoded.
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { APP_HOST, APP_SCHEME } from './policy';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
};

export type AppFile =
  | { found: true; path: string; contentType: string }
  | { found: false; status: 400 | 404; reason: string };

export async function appFileFor(rendererDir: string, requestUrl: string): Promise<AppFile> {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { found: false, status: 400, reason: 'Bad URL' };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || url.username !== '' || url.password !== '') {
    return { found: false, status: 404, reason: 'Not found' };
  }
  const path = fileInside(rendererDir, url.pathname);
  if (path === null) return { found: false, status: 400, reason: 'Bad path' };
  if (!(await isFile(path))) return { found: false, status: 404, reason: 'Not found' };
  return { found: true, path, contentType: CONTENT_TYPES[extname(path)] ?? 'application/octet-stream' };
}

/** The file a URL path names under `root`, or null when decoded it would leave `root`. */
function fileInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = normalize(decoded === '/' ? '/index.html' : decoded).replace(/^[/\\]+/, '');
  const full = join(root, relative);
  const rootWithSep = root.endsWith(sep) ? root : root + sep;
  return full.startsWith(rootWithSep) ? full : null;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
