// Which file of the built renderer an app:// request gets, as a plain function (no Electron), so
// the protocol handler's one decision is tested under Node: only app://coffer, only files inside
// the renderer folder, never a path that escapes it however it is encoded.
import { stat } from 'node:fs/promises';
import { APP_HOST, APP_SCHEME } from './policy';
import { contentTypeOf, resolveStaticPath } from './renderer-files';


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
  const path = resolveStaticPath(rendererDir, url.pathname);
  if (path === null) return { found: false, status: 400, reason: 'Bad path' };
  if (!(await isFile(path))) return { found: false, status: 404, reason: 'Not found' };
  return { found: true, path, contentType: contentTypeOf(path) };
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
