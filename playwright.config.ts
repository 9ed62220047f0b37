// Playwright runs the e2e suite in Debian's Chromium (no browser download here; see
// ../shared/TOOLCHAIN.md). There is no webServer: test/e2e/fixtures.ts starts the web host per
// test with a fresh data directory, and can restart it on the same one.
import { defineConfig } from '@playwright/test';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results/playwright',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.COFFER_CHROMIUM ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    // A failed test keeps its trace with a DOM snapshot per action (replayable in the trace
    // viewer, with network and console) and a screenshot at the failure. The trace's screencast
    // is left out: recording its frames for every test, passed or not, nearly doubled the time of
    // the specs on two cores.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
  },
});
