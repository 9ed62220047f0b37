// Electron entry: one instance, hardened session, the core, the IPC contract and the window.
// Everything decided here is in plain modules (core, policy) tested under Node.
import { join } from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import iconPath from '../resources/icons/256x256.png?asset';
import { createCore, type Core } from './core/app';
import { sandboxLauncherFromEnv } from './core/sandbox-launcher';
import { resolveDataDir } from './db/data-dir';
import { APP_USER_MODEL_ID } from './electron/app-identity';
import { registerAppScheme, serveAppScheme } from './electron/app-protocol';
import { showWaitingApprovalsBadge } from './electron/badge';
import { chooseFolderInDialog } from './electron/folder-dialog';
import { forwardEvents, registerContractHandlers } from './electron/ipc';
import { chooseReviewFileInDialog } from './electron/review-file-dialog';
import { rendererLocation } from './electron/policy';
import { shareSqliteBinding } from './native/native-addons';
import { bringForward } from './electron/single-instance';
import { createMainWindow, guardNavigation, hardenSession } from './electron/window';

const renderer = rendererLocation(app.isPackaged, process.env);

let core: Core | null = null;

async function openWindow(activeCore: Core): Promise<void> {
  const window = await createMainWindow({
    preloadPath: join(__dirname, '../preload/index.js'),
    renderer,
    iconPath,
    dataDir: activeCore.dataDir,
  });
  forwardEvents(activeCore.events, window.webContents);
}

async function start(): Promise<void> {
  hardenSession(renderer);
  if (renderer.devUrl === undefined) serveAppScheme(join(__dirname, '../renderer'));
  core = await createCore({
    dataDir: resolveDataDir(),
    transport: 'electron',
    version: app.getVersion(),
    launchSandbox: sandboxLauncherFromEnv(),
    exportWorker: join(__dirname, 'export-worker.js'),
    chooseFolder: chooseFolderInDialog,
    chooseReviewFile: chooseReviewFileInDialog,
  });
  registerContractHandlers(core.dispatch, renderer);
  await openWindow(core);
  showWaitingApprovalsBadge(core);
}

shareSqliteBinding();
registerAppScheme();
app.enableSandbox();
// Before any window: Windows ties the taskbar button and notifications to this id.
if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // Any web contents created later (devtools aside) gets the same navigation rules.
  // Checkout pages core registered are admitted too (once core is up; before that, none are).
  app.on('web-contents-created', (_event, contents) => guardNavigation(contents, renderer, { admits: (url) => core?.checkoutLinks.admits(url) ?? false }));
  // A second launch quits at once (no lock) and this instance shows its window instead.
  app.on('second-instance', () => {
    if (!bringForward(BrowserWindow.getAllWindows()[0]) && core) void openWindow(core);
  });
  app.on('activate', () => {
    if (core && BrowserWindow.getAllWindows().length === 0) void openWindow(core);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => void core?.close());
  app.whenReady().then(start).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    console.error('Coffer could not start:', reason);
    // A desktop user sees no console: a data directory from a newer Coffer, say, must be read in a box.
    dialog.showErrorBox('Coffer could not start', reason);
    app.exit(1);
  });
}
