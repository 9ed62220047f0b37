// The security decisions of the shell as plain functions (no Electron import), so they are
// tested under Node and shared with the web host: the CSP, which URLs count as our own renderer,
// and which external links may be opened.

const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  // naive-ui injects its styles at runtime (css-render), so inline styles must be allowed.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
] as const;

/** webPreferences of every window: isolated, sandboxed, no Node, web security on. */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  spellcheck: false,
} as const;

/** The Content-Security-Policy header. The web host adds its own loopback WebSocket origins. */
export function contentSecurityPolicy(extraConnectSources: readonly string[] = []): string {
  return CSP_DIRECTIVES.map((directive) =>
    directive === "connect-src 'self'" && extraConnectSources.length > 0
      ? `${directive} ${extraConnectSources.join(' ')}`
      : directive,
  ).join('; ');
}

/** Hosts whose https pages the app may hand to the system browser (docs, providers, explorers). */
export const EXTERNAL_HOST_ALLOW_LIST = [
  'github.com',
  'docs.github.com',
  'www.electronjs.org',
] as const;

/** Links admitted beyond the fixed hosts: the provider checkout pages the service gave (core's CheckoutLinks). */
export interface ExternalAllowance {
  admits(url: URL): boolean;
}

/**
 * The URL to pass to the OS browser, or null when the link is refused: https to an allow-listed
 * host, or whatever the allowance admits (a checkout page the service gave, even the sandbox's
 * loopback http one); nothing else.
 */
export function externalUrlToOpen(
  raw: string,
  allowedHosts: readonly string[] = EXTERNAL_HOST_ALLOW_LIST,
  allowance?: ExternalAllowance,
): string | null {
  const url = parseUrl(raw);
  if (!url || url.username !== '' || url.password !== '') return null;
  if (allowance?.admits(url) === true) return url.href;
  if (url.protocol !== 'https:') return null;
  if (url.port !== '' && url.port !== '443') return null;
  return allowedHosts.includes(url.hostname) ? url.href : null;
}

/** The one permission our own renderer is granted: desktop notifications (an order's coins arrived). */
const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['notifications']);

/** True only for 'notifications' asked by a page of our own renderer; every other permission, and every other page, is denied. */
export function isPermissionGranted(permission: string, requestingUrl: string, renderer: RendererLocation): boolean {
  return GRANTED_PERMISSIONS.has(permission) && isOwnRendererUrl(requestingUrl, renderer);
}

/** The built renderer is served from this privileged standard scheme, never from file://. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'coffer';
/** The one page the built app loads; its hash carries the route. */
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

export interface RendererLocation {
  /** electron-vite's dev server URL (ELECTRON_RENDERER_URL), when running in dev. */
  devUrl?: string;
}

/**
 * Where the renderer comes from: app:// always in a packaged build, whatever the environment says
 * (ELECTRON_RENDERER_URL there would hand the window, and its IPC, to whoever serves that URL);
 * electron-vite's dev server only when unpackaged and on this machine's loopback.
 */
export function rendererLocation(isPackaged: boolean, env: NodeJS.ProcessEnv): RendererLocation {
  if (isPackaged || env.ELECTRON_RENDERER_URL === undefined) return {};
  const dev = parseUrl(env.ELECTRON_RENDERER_URL);
  const loopback = dev !== null && ['localhost', '127.0.0.1', '[::1]'].includes(dev.hostname);
  return loopback && (dev.protocol === 'http:' || dev.protocol === 'https:') ? { devUrl: env.ELECTRON_RENDERER_URL } : {};
}

/** The URL the main window loads: the dev server in dev, otherwise the app:// page. */
export const rendererEntryUrl = (renderer: RendererLocation): string => renderer.devUrl ?? APP_PAGE_URL;

/**
 * True when `frameUrl` is a page of our own renderer (IPC sender check, navigation check): in dev
 * the dev server's origin, otherwise exactly app://coffer/index.html with any hash route.
 */
export function isOwnRendererUrl(frameUrl: string, renderer: RendererLocation): boolean {
  const url = parseUrl(frameUrl);
  if (!url || url.username !== '' || url.password !== '') return false;
  if (renderer.devUrl !== undefined) {
    const dev = parseUrl(renderer.devUrl);
    return dev !== null && (dev.protocol === 'http:' || dev.protocol === 'https:') && url.origin === dev.origin;
  }
  // app: is not a scheme Node's URL knows, so its origin reads "null": compare the parts instead.
  return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && url.pathname === '/index.html' && url.search === '';
}

function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}
