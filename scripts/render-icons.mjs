#!/usr/bin/env node
// Renders resources/icon.svg to the PNG sizes the window, the favicon and installers use
// (resources/icons/<n>x<n>.png), in the same Chromium the e2e suite drives (COFFER_CHROMIUM or
// /usr/bin/chromium). Run after editing the SVG: node scripts/render-icons.mjs
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SIZES = [16, 32, 48, 64, 128, 256, 512];
const svg = readFileSync(join(root, 'resources/icon.svg'), 'utf8');

const browser = await chromium.launch({
  executablePath: process.env.COFFER_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    const file = join(root, `resources/icons/${size}x${size}.png`);
    await page.screenshot({ path: file, omitBackground: true });
    console.log(`resources/icons/${size}x${size}.png`);
  }
} finally {
  await browser.close();
}
