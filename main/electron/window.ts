// The main window and its session, hardened per Electron's security checklist: isolated,
// sandboxed renderer without Node; CSP sent as a response header; navigation and new windows
// denied (links go to the system browser through open-external); every permission denied but
// notifications for our own renderer. The window opens where it was left when a connected display
// still shows it (window-state.ts decides).
import { BrowserWindow, screen, session, type Session, type WebContents } from 'electron';
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
import { MIN_SIZE, placeWindow, readWindowState, rememberWindow, writeWindowState } from './window-state';

export interface MainWindowOptions {
  preloadPath: string;
  renderer: RendererLocation;
  /** PNG shown in the title bar and task switcher (Windows and Linux; macOS uses the bundle's). */
  iconPath: string;
  /** Where the window's size and position are kept between launches. */
  dataDir: string;
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
  const placement = placeWindow(
    readWindowState(options.dataDir),
    screen.getAllDisplays().map((display) => display.workArea),
    screen.getPrimaryDisplay().workArea,
  );
  const window = new BrowserWindow({
    ...('bounds' in placement ? placement.bounds : placement.size),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'Coffer',
    icon: options.iconPath,
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: options.preloadPath },
  });
  // Navigation rules come from guardNavigation, which main/index.ts applies to every web contents
  // as it is created (this window's included); applying them twice would open links twice.
  rememberWindow(window, (state) => writeWindowState(options.dataDir, state));
  window.once('ready-to-show', () => {
    // Maximised before it is shown, so it never flashes at its normal size first.
    if (placement.maximized) window.maximize();
    window.show();
  });
  await window.loadURL(rendererEntryUrl(options.renderer));
  return window;
}
