// The main window and its session, hardened per Electron's security checklist: isolated,
// sandboxed renderer without Node; CSP sent as a response header; navigation and new windows
// denied (links go to the system browser through open-external); every permission denied but
// notifications for our own renderer.
import { BrowserWindow, session, type Session, type WebContents } from 'electron';
import { openExternalLink } from './open-external';
import {
  contentSecurityPolicy,
  isOwnRendererUrl,
  isPermissionGranted,
  type ExternalAllowance,
  rendererEntryUrl,
  SECURE_WEB_PREFERENCES,
  type RendererLocation,
} from './policy';

export interface MainWindowOptions {
  preloadPath: string;
  renderer: RendererLocation;
  /** PNG shown in the title bar and task switcher (Windows and Linux; macOS uses the bundle's). */
  iconPath: string;
}

export function hardenSession(renderer: RendererLocation, target: Session = session.defaultSession): void {
  const csp = contentSecurityPolicy();
  target.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
  // The page asking decides (its full URL: a check's requestingOrigin has no path to compare).
  target.setPermissionRequestHandler((contents, permission, callback, details) =>
    callback(isPermissionGranted(permission, details.requestingUrl || contents.getURL(), renderer)),
  );
  target.setPermissionCheckHandler((contents, permission) => isPermissionGranted(permission, contents?.getURL() ?? '', renderer));
}

export function guardNavigation(contents: WebContents, renderer: RendererLocation, allowance?: ExternalAllowance): void {
  contents.on('will-navigate', (event, url) => {
    if (isOwnRendererUrl(url, renderer)) return;
    event.preventDefault();
    void openExternalLink(url, allowance);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isOwnRendererUrl(url, renderer)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalLink(url, allowance);
    return { action: 'deny' };
  });
}

export async function createMainWindow(options: MainWindowOptions): Promise<BrowserWindow> {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Coffer',
    icon: options.iconPath,
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: options.preloadPath },
  });
  // Navigation rules come from guardNavigation, which main/index.ts applies to every web contents
  // as it is created (this window's included); applying them twice would open links twice.
  window.once('ready-to-show', () => window.show());
  await window.loadURL(rendererEntryUrl(options.renderer));
  return window;
}
