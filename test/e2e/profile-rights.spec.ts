// The rights check on screen: a profile saved with a key that holds only some rights shows exactly those
// rights on its card, found by read-only probes against the built-in sandbox.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { SandboxDesk } from './approvals-sandbox';
import { fillProfileForm, formField, profileCard } from './profile-page';

/** Adds a profile on the built-in sandbox through the form, signing with `secretKey`. */
async function addSandboxProfile(page: Page, desk: SandboxDesk, name: string, apiKey: string, secretKey: string): Promise<void> {
  await page.getByTestId('add-profile').click();
  await fillProfileForm(page, {
    name,
    restUrl: desk.restUrl,
    streamUrl: desk.restUrl.replace(/^http/, 'ws'),
    publicKey: apiKey,
    secretKey,
  });
  await formField(page, 'secretKey').press('Enter');
}

test('saving a profile probes its key and the card shows the rights it holds', async ({ page, host }) => {
  const desk = await SandboxDesk.open(page, host.url);
  const key = await desk.newKey(['PAY', 'HIST']);
  await addSandboxProfile(page, desk, 'Read-only desk', key.apiKey, key.secretKey);
  const rights = profileCard(page, 'Read-only desk').locator('.rights .n-tag');
  await expect(rights).toHaveText(['PAY', 'HIST'], { timeout: 15_000 });
});

test('a key the service refuses is reported on the card, and can be checked again', async ({ page, host }) => {
  const desk = await SandboxDesk.open(page, host.url);
  const key = await desk.newKey(['PAY']);
  await addSandboxProfile(page, desk, 'Wrong secret desk', key.apiKey, 'not-the-secret-at-all');
  const card = profileCard(page, 'Wrong secret desk');
  await expect(card.getByTestId('rights-failure')).toContainText('Could not check:', { timeout: 15_000 });
  await expect(card.getByTestId('rights-failure')).not.toContainText('not-the-secret-at-all');
  await expect(card).toContainText('Not checked yet');
  await card.getByTestId('check-rights').click();
  await expect(card.getByTestId('rights-failure')).toBeVisible({ timeout: 15_000 }); // still refused, still said
});
