// The app:// scheme the built renderer is served from: a standard, secure origin of its own
// (app://coffer) instead of file://, where every local file would share the page's origin. Which
// file a request gets is decided in app-files.ts; this file only wires it into Electron.
import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { appFileFor } from './app-files';
import { APP_SCHEME, contentSecurityPolicy } from './policy';

/** Must run before the app is ready: Chromium fixes its scheme table at start-up. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves `rendererDir` on app://coffer/ with the CSP on every response. */
export function serveAppScheme(rendererDir: string): void {
  const headers = { 'Content-Security-Policy': contentSecurityPolicy(), 'X-Content-Type-Options': 'nosniff' };
  protocol.handle(APP_SCHEME, async (request) => {
    const file = await appFileFor(rendererDir, request.url);
    if (!file.found) {
      return new Response(file.reason, { status: file.status, headers: { ...headers, 'Content-Type': 'text/plain' } });
    }
    const body = await readFile(file.path);
    return new Response(body, { headers: { ...headers, 'Content-Type': file.contentType, 'Cache-Control': 'no-cache' } });
  });
}
