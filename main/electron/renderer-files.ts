// The built renderer's files as both the web host and the app:// scheme serve them: a URL path
// resolved inside the folder (never outside it, however it is encoded) and each file's type.
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.map': 'application/json; charset=utf-8',
};

export const contentTypeOf = (file: string): string => CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';

/** The file to serve for a URL path, or null when it would leave the root. */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = normalize(decoded === '/' ? '/index.html' : decoded).replace(/^([/\\])+/, '');
  const full = join(root, relative);
  const normalizedRoot = root.endsWith(sep) ? root : root + sep;
  return full.startsWith(normalizedRoot) ? full : null;
}
