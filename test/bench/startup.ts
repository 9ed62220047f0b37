// npm run bench:startup — cold start to the first balances on screen: the web host spawned on a
// fresh data directory (built-in sandbox on, its default seeded history), its URL opened in
// Chromium the moment it is printed, the clock stopped when the wallet's first balance row is
// visible; then a relaunch on the same data directory, twice: in the first launch's browser
// context (what a returning user gets: the host listens on its port of last time, so the hashed
// assets come from the cache and index.html revalidates) and in a new context (an empty cache).
// Baseline in the same run: the first launch with the browser asking for uncompressed answers.
// Floor in the same run: a bare node:http server (spawned the same way) sending the same built
// index.html and JavaScript (the same compressed copies, the same cache headers) to the same
// Chromium, clocked from its spawn to DOMContentLoaded (the page's module scripts have run); a
// fresh browser context for the first launch's floor, a second load in it for the relaunch's.
// Every launch and floor starts once the browser has fallen quiet after opening its tab
// (quiet-browser.ts): the teardown of the last tab and the start of the new one are Chromium's
// work, not the app's. Medians of BENCH_RUNS (5) runs; each part printed beside its target.
// Needs a build; BENCH_ROOT names another checkout whose build to time instead (an earlier
// version, for a before/after); BENCH_HOST_NODE_ARGS passes node flags to the host (e.g.
// --cpu-prof --cpu-prof-dir=/tmp/prof); COFFER_HOST_TRACE=1 prints each launch's start steps and
// calls (the host's trace) with the page's own moments, on the same clock (ms since the host's spawn).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type BrowserContext, type Page, type Request } from '@playwright/test';
import playwrightConfig from '../../playwright.config';
import { startPrivateBus } from '../integration/keychain/private-keyring';
import { reportGoal } from './goals';
import { browserQuiet } from './quiet-browser';

const ROOT = resolve(process.env.BENCH_ROOT ?? resolve(__dirname, '../..'));
const HOST = join(ROOT, 'out/main/host.js');
const URL_LINE = /http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+/;
const RUNS = Number.parseInt(process.env.BENCH_RUNS ?? '5', 10);
const HOST_NODE_ARGS = (process.env.BENCH_HOST_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
const CORE_READY_LINE = /\[host\] ready in (\d+) ms/;
const FIRST_ROW = '[data-testid="balance-row"]';
const ROW_TIMEOUT_MS = 60_000;

const RENDERER = join(ROOT, 'out/renderer');
const BARE_URL_LINE = /http:\/\/127\.0\.0\.1:\d+\//;
const TARGET_FIRST_MS = 1_200;

/** Milliseconds since the epoch, to the microsecond: the bench's and the page's moments on one clock. */
const now = () => performance.timeOrigin + performance.now();

/**
 * Runs in the page before its own scripts: notes (epoch ms) the frame that first draws a balance
 * row, seen by a mutation observer. Playwright's waitFor polls ever more slowly (up to every
 * 500 ms), so the moment it returns is not the moment the row appeared. Kept as text: tsx names
 * the functions it compiles with a helper the page does not have.
 */
const WATCH_FIRST_ROW = `(() => {
  const observer = new MutationObserver(() => {
    const row = document.querySelector(${JSON.stringify(FIRST_ROW)});
    if (row === null || row.getClientRects().length === 0) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.firstRowAt = performance.timeOrigin + performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

/** The page's DOMContentLoaded (its module scripts have run), epoch ms. */
function domContentLoadedAt(page: Page): Promise<number> {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return performance.timeOrigin + (navigation?.domContentLoadedEventStart ?? Number.NaN);
  });
}
const TARGET_RELAUNCH_MS = 800;
const TARGET_FIRST_SCREEN_JS_BYTES = 300 * 1024;

interface Launch {
  /** How long the browser took to fall quiet after opening the tab, before the spawn (not counted). */
  quietMs: number;
  /** Spawn to the URL line. */
  hostMs: number;
  /** The host's own count of its start until the core was ready. */
  coreMs: number;
  /** URL line to the page's DOMContentLoaded. */
  pageLoadMs: number;
  /** DOMContentLoaded to the first balance row visible. */
  toRowMs: number;
  totalMs: number;
  /** JavaScript fetched before the first row: bytes on the wire and decoded. */
  jsSent: number;
  jsDecoded: number;
  jsFiles: number;
  /** Of jsFiles, how many came from the browser's cache. */
  jsCached: number;
  landedOn: string;
}

interface RunningHost {
  child: ChildProcess;
  url: string;
  hostMs: number;
  started: number;
  /** The core's start-up as the host counts it (its "[host] ready in" line), once printed. */
  coreReadyMs(): number;
  /** The host's [trace] lines so far. */
  traceLines(): string[];
}

function spawnHost(env: NodeJS.ProcessEnv): Promise<RunningHost> {
  const started = now();
  const child = spawn(process.execPath, [...HOST_NODE_ARGS, HOST], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const errors: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  const coreReadyMs = () => Number(CORE_READY_LINE.exec(errors.join(''))?.[1] ?? Number.NaN);
  return new Promise((done, fail) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const url = URL_LINE.exec(line)?.[0];
      const traceLines = () => errors.join('').split('\n').filter((text) => text.startsWith('[trace]'));
      if (url) done({ child, url, hostMs: now() - started, started, coreReadyMs, traceLines });
    });
    child.once('exit', (code) => fail(new Error(`host exited (${code}) before printing its URL\n${errors.join('')}`)));
  });
}

/**
 * The floor's server: files of the renderer build, the brotli copy when the browser takes it,
 * assets/ cached for good and the rest revalidated, as the host sends them; nothing else.
 */
const BARE_SERVER = `
const { createServer } = require('node:http');
const { createReadStream, statSync } = require('node:fs');
const { extname, join } = require('node:path');
const root = process.argv[1];
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.png': 'image/png' };
const size = (path) => { try { const s = statSync(path); return s.isFile() ? s.size : null; } catch { return null; } };
const server = createServer((req, res) => {
  const path = new URL(req.url, 'http://127.0.0.1').pathname;
  const file = join(root, path === '/' ? 'index.html' : path);
  if (!file.startsWith(root) || size(file) === null) { res.writeHead(404); res.end(); return; }
  const br = (req.headers['accept-encoding'] || '').includes('br') && size(file + '.br') !== null;
  res.writeHead(200, {
    'Content-Type': types[extname(file)] || 'application/octet-stream',
    'Cache-Control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...(br ? { 'Content-Encoding': 'br', 'Content-Length': size(file + '.br') } : { 'Content-Length': size(file) }),
  });
  createReadStream(br ? file + '.br' : file).pipe(res);
});
server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port + '/'));
`;

/** Spawn of the bare server → DOMContentLoaded of its page, twice in one context: empty cache, then cached. */
async function bareFloor(context: BrowserContext): Promise<[number, number]> {
  const once = async (): Promise<number> => {
    const page = await context.newPage();
    await browserQuiet();
    const started = now();
    const child = spawn(process.execPath, ['-e', BARE_SERVER, RENDERER], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const url = await new Promise<string>((done, fail) => {
        createInterface({ input: child.stdout! }).on('line', (line) => {
          const found = BARE_URL_LINE.exec(line)?.[0];
          if (found) done(found);
        });
        child.once('exit', (code) => fail(new Error(`the bare server exited (${code})`)));
      });
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      return (await domContentLoadedAt(page)) - started;
    } finally {
      await page.close();
      await stopHost(child);
    }
  };
  const empty = await once();
  return [empty, await once()];
}

async function stopHost(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  await exited;
}

/** The page's socket as the browser sees it: when it opens and each call leaves or is answered. */
function followWire(page: Page, into: Array<{ at: number; text: string }>): void {
  page.on('websocket', (socket) => {
    into.push({ at: now(), text: 'socket opening' });
    const ops = new Map<number, string>();
    socket.on('framesent', ({ payload }) => {
      const call = JSON.parse(String(payload)) as { id: number; op: string };
      ops.set(call.id, call.op);
      into.push({ at: now(), text: `→ ${call.op}` });
    });
    socket.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { type: string; id?: number; event?: string };
      const what = message.type === 'result' ? `← ${ops.get(message.id ?? -1) ?? '?'}` : `← event ${message.event ?? '?'}`;
      into.push({ at: now(), text: what });
    });
  });
}

async function launchAndOpen(context: BrowserContext, env: NodeJS.ProcessEnv): Promise<Launch> {
  // The browser is ready before the host starts: its own start-up is not the app's.
  const page = await context.newPage();
  const quietMs = await browserQuiet();
  const host = await spawnHost(env);
  try {
    const scripts: Array<{ request: Request; at: number }> = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push({ request, at: now() });
    });
    const wire: Array<{ at: number; text: string }> = [];
    if (process.env.COFFER_HOST_TRACE === '1') followWire(page, wire);
    await page.addInitScript({ content: WATCH_FIRST_ROW });
    const opened = now();
    await page.goto(host.url, { waitUntil: 'domcontentloaded' });
    const loaded = await domContentLoadedAt(page);
    await page.locator(FIRST_ROW).first().waitFor({ state: 'visible', timeout: ROW_TIMEOUT_MS });
    const shown = await page.waitForFunction(() => (window as unknown as { firstRowAt?: number }).firstRowAt).then(async (at) => (await at.jsonValue()) ?? Number.NaN);
    if (process.env.COFFER_HOST_TRACE === '1') {
      const at = (moment: number) => Math.round(moment - host.started);
      const pageLines = [
        ...wire.map(({ at: when, text }) => ({ when, text })),
        { when: opened, text: 'URL opened' },
        { when: loaded, text: 'DOMContentLoaded' },
        { when: shown, text: 'first balance row' },
      ].sort((a, b) => a.when - b.when);
      console.log([...host.traceLines(), ...pageLines.map(({ when, text }) => `[page] ${at(when)} ms: ${text}`)].join('\n'));
    }
    const firstScreen = scripts.filter((script) => script.at <= shown);
    let jsSent = 0;
    let jsDecoded = 0;
    let jsCached = 0;
    for (const { request } of firstScreen) {
      // A file the browser took from its cache has no body on the wire (Chromium reports -1).
      const onWire = (await request.sizes()).responseBodySize;
      if (onWire > 0) jsSent += onWire;
      else jsCached += 1;
      jsDecoded += (await (await request.response())?.body())?.length ?? 0;
    }
    return {
      quietMs,
      hostMs: host.hostMs,
      coreMs: host.coreReadyMs(),
      pageLoadMs: loaded - opened,
      toRowMs: shown - loaded,
      totalMs: shown - host.started,
      jsSent,
      jsDecoded,
      jsFiles: firstScreen.length,
      jsCached,
      landedOn: new URL(page.url()).hash,
    };
  } finally {
    await page.close();
    await stopHost(host.child);
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0).padStart(6)} KB`;

function report(label: string, launches: Launch[], target: number | null, baseline: Launch[] | null): void {
  const total = median(launches.map((one) => one.totalMs));
  const versus = target === null ? '' : `   target ≤ ${target} ms (${(total / target).toFixed(2)}× target)`;
  const ratio = baseline === null ? '' : `   ${(total / median(baseline.map((one) => one.totalMs))).toFixed(2)}× the uncompressed baseline`;
  console.log(`${label}`);
  console.log(`  spawn → first balance row ${ms(total)}${versus}${ratio}`);
  console.log(`    spawn → URL line         ${ms(median(launches.map((one) => one.hostMs)))}`);
  console.log(`    (host start → core ready  ${ms(median(launches.map((one) => one.coreMs)))}, the host's own count)`);
  console.log(`    URL → DOMContentLoaded   ${ms(median(launches.map((one) => one.pageLoadMs)))}`);
  console.log(`    → first balance row      ${ms(median(launches.map((one) => one.toRowMs)))}`);
  const sent = median(launches.map((one) => one.jsSent));
  console.log(
    `  first screen's JavaScript ${kb(sent)} sent (target ≤ ${kb(TARGET_FIRST_SCREEN_JS_BYTES).trim()}), ` +
      `${kb(median(launches.map((one) => one.jsDecoded))).trim()} decoded, ${median(launches.map((one) => one.jsFiles))} files ` +
      `(${median(launches.map((one) => one.jsCached))} from the browser's cache); ` +
      `landed on ${[...new Set(launches.map((one) => one.landedOn))].join(', ')}`,
  );
  console.log(`  each run (ms): ${launches.map((one) => one.totalMs.toFixed(0)).join(', ')}`);
  console.log(`  before each spawn, the browser fell quiet in (ms, not counted): ${launches.map((one) => one.quietMs.toFixed(0)).join(', ')}`);
}

async function main(): Promise<void> {
  if (!existsSync(HOST)) throw new Error('out/main/host.js is missing: run npm run build first');
  const bus = await startPrivateBus();
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions);
  const base: NodeJS.ProcessEnv = { ...process.env, ...bus.env, COFFER_NO_BROWSER: '1' };
  delete base.COFFER_SANDBOX_HISTORY;
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'coffer-bench-startup-'));
    dirs.push(dir);
    return dir;
  };
  try {
    const first: Launch[] = [];
    const relaunch: Launch[] = [];
    const relaunchEmptyCache: Launch[] = [];
    const uncompressed: Launch[] = [];
    const floorFirst: number[] = [];
    const floorRelaunch: number[] = [];
    const inNewContext = async <T>(launch: (context: BrowserContext) => Promise<T>, identity = false): Promise<T> => {
      const context = await browser.newContext(identity ? { extraHTTPHeaders: { 'Accept-Encoding': 'identity' } } : {});
      try {
        return await launch(context);
      } finally {
        await context.close();
      }
    };
    for (let run = 0; run < RUNS; run++) {
      const env = { ...base, COFFER_DATA_DIR: freshDir() };
      await inNewContext(async (context) => {
        first.push(await launchAndOpen(context, env));
        relaunch.push(await launchAndOpen(context, env));
      });
      relaunchEmptyCache.push(await inNewContext((context) => launchAndOpen(context, env)));
      uncompressed.push(await inNewContext((context) => launchAndOpen(context, { ...base, COFFER_DATA_DIR: freshDir() }), true));
      const [empty, cached] = await inNewContext(bareFloor);
      floorFirst.push(empty);
      floorRelaunch.push(cached);
    }
    console.log(`Cold start to first balances (web host + Chromium, median of ${RUNS})`);
    report('first launch (fresh data directory, sandbox seeds its history)', first, TARGET_FIRST_MS, uncompressed);
    report('relaunch (same data directory, same browser profile: cached assets)', relaunch, TARGET_RELAUNCH_MS, null);
    report('relaunch with an empty browser cache', relaunchEmptyCache, TARGET_RELAUNCH_MS, null);
    report('baseline: first launch, browser asking for uncompressed files', uncompressed, null, null);
    console.log(`floor: bare node:http server, spawn → DOMContentLoaded ${ms(median(floorFirst))} (empty cache), ${ms(median(floorRelaunch))} (cached)`);
    const floorLabel = 'bare node:http server sending the same index.html and JS, spawn → DOMContentLoaded';
    reportGoal({
      figure: 'cold start → first balance row (fresh data dir, empty browser cache)',
      value: median(first.map((one) => one.totalMs)),
      unit: 'ms',
      floor: { value: median(floorFirst), label: `${floorLabel}, empty cache` },
      rule: { atMost: TARGET_FIRST_MS },
    });
    reportGoal({
      figure: 'relaunch → first balance row (same data dir, cached assets)',
      value: median(relaunch.map((one) => one.totalMs)),
      unit: 'ms',
      floor: { value: median(floorRelaunch), label: `${floorLabel}, cached` },
      rule: { atMost: TARGET_RELAUNCH_MS },
    });
  } finally {
    await browser.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await bus.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
