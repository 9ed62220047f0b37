/// <reference lib="dom" />
// Figures at the smallest supported window (1280×720) against the built-in sandbox: on the Wallet
// every amount and value sits right-aligned in its cell with tabular digits and fits inside it
// (no cell spills into its neighbour); the USDT headline valuation has two decimals. Shot in both
// themes for a person to look at.
import { expect, test } from './fixtures';
import { SandboxDesk, goTo } from './approvals-sandbox';
import { shootInBothThemes } from './screenshots';

test('the Wallet at 1280×720: right-aligned tabular figures that fit their cells, a two-decimal USDT valuation', async ({ page, host }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await SandboxDesk.open(page, host.url);
  await goTo(page, 'Wallet');
  await expect(page.getByTestId('balance-row').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('wallet-total')).toHaveText(/^[\d,]+\.\d{2}\s*USDT$/);

  const cells = await page.locator('[data-testid="balance-row"] td').evaluateAll((tds) =>
    tds
      .filter((td) => td.querySelector('.amount') !== null)
      .map((td) => {
        const figure = td.querySelector('.amount') as HTMLElement;
        const cell = td.getBoundingClientRect();
        const text = figure.getBoundingClientRect();
        return {
          text: figure.textContent ?? '',
          align: getComputedStyle(td).textAlign,
          digits: getComputedStyle(figure).fontVariantNumeric,
          inside: text.left >= cell.left - 0.5 && text.right <= cell.right + 0.5,
          scrolls: td.scrollWidth > td.clientWidth + 1,
        };
      }),
  );
  expect(cells.length).toBeGreaterThan(5);
  for (const cell of cells) {
    expect(cell, cell.text).toMatchObject({ align: 'right', digits: 'tabular-nums', inside: true, scrolls: false });
  }
  const summary = await page.getByTestId('wallet-total').evaluate((total) => {
    const card = total.closest('.summary-total') as HTMLElement;
    return { digits: getComputedStyle(total).fontVariantNumeric, fits: total.scrollWidth <= card.clientWidth + 1 };
  });
  expect(summary).toEqual({ digits: 'tabular-nums', fits: true });
  // The sandbox's amounts (ten decimals for SOL among them) fit without scrolling sideways: the value column is in view.
  const value = await page.getByRole('columnheader', { name: /Value \(USDT\)/ }).boundingBox();
  expect(value && value.x + value.width).toBeLessThanOrEqual(1280);
  await shootInBothThemes(page, 'wallet-1280x720');
});
