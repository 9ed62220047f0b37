// Electron smoke test: launches the real desktop app and checks the security settings of its
// window. Where no Electron binary is installed (this CI: no download allowed) it is skipped,
// with the reason printed.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { OPERATION_NAMES } from '../../preload/contract';

const ROOT = resolve(__dirname, '../..');

/** The few browser globals the checks use (this project's node tsconfig has no DOM lib). */
interface PageGlobals {
  coffer: { getAppInfo(): Promise<unknown> };
  open(url: string): unknown;
  location: { href: string };
  navigator: { permissions: { query(descriptor: { name: string }): Promise<{ state: string }> } };
}

/** The Electron binary, or why there is none. */
function electronBinary(): { path: string } | { reason: string } {
  const pathFile = join(ROOT, 'node_modules/electron/path.txt');
  if (!existsSync(pathFile)) return { reason: 'node_modules/electron/path.txt is missing (binary never downloaded)' };
  const binary = join(ROOT, 'node_modules/electron/dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? { path: binary } : { reason: `${binary} does not exist` };
}

const found = electronBinary();
const skipReason = 'reason' in found ? `Electron smoke skipped: ${found.reason}` : null;
if (skipReason) console.log(skipReason);

test.describe('Electron shell security', () => {
  test.skip(skipReason !== null, skipReason ?? '');

  let app: ElectronApplication;
  let page: Page;
  let dataDir: string;

  test.beforeAll(async () => {
    if (!('path' in found)) return;
    dataDir = mkdtempSync(join(tmpdir(), 'coffer-electron-'));
    app = await electron.launch({
      executablePath: found.path,
      args: [ROOT],
      env: { ...process.env, COFFER_DATA_DIR: dataDir, COFFER_NO_SANDBOX: '1' },
    });
    page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
  });

  test.afterAll(async () => {
    await app?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('the page has no Node and cannot reach the preload\'s world', async () => {
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
    expect(await page.evaluate(() => typeof (globalThis as { module?: unknown }).module)).toBe('undefined');
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
  });

  test('window.coffer exposes one named method per operation, and nothing generic', async () => {
    const keys = await page.evaluate(() => Object.keys((globalThis as unknown as PageGlobals).coffer).sort());
    expect(keys).toEqual([...OPERATION_NAMES, 'on'].sort());
    const info = await page.evaluate(() => (globalThis as unknown as PageGlobals).coffer.getAppInfo());
    expect(info).toMatchObject({ ok: true, value: { transport: 'electron', dataDir } });
  });

  test('new windows, navigation and permissions are denied; eval is blocked by the CSP', async () => {
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).open('https://example.com') === null)).toBe(true);
    const before = page.url();
    await page.evaluate(() => {
      (globalThis as unknown as PageGlobals).location.href = 'https://example.com/';
    });
    await page.waitForTimeout(500);
    expect(page.url()).toBe(before);
    const permission = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).navigator.permissions
        .query({ name: 'geolocation' })
        .then((status) => status.state),
    );
    expect(permission).toBe('denied');
    const evalOutcome = await page.evaluate(() => {
      try {
        return String(new Function('return 1')());
      } catch {
        return 'blocked';
      }
    });
    expect(evalOutcome).toBe('blocked');
  });
});
