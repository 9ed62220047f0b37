// Profiles end to end: the real web host, the real keychain (checked here with keytar directly),
// real Chromium. The secret goes in once and must never come back to the page.
import { randomBytes } from 'node:crypto';
import keytar from 'keytar';
import type { Page } from '@playwright/test';
import { expect, recordReceivedFrames, test } from './fixtures';
import { recordSentOps } from './approvals-sandbox';
import { fieldItem, fillProfileForm, formField, openApp, profileCard, profileForm, sharedAccountChoice } from './profile-page';
import { shootInBothThemes } from './screenshots';

const SERVICE = 'coffer';
const account = (profileId: string) => `profile:${profileId}`;

async function expectSecretNowhereInPage(page: Page, secret: string, frames: readonly string[]): Promise<void> {
  expect(await page.content()).not.toContain(secret);
  const inputValues = await Promise.all((await page.locator('input').all()).map((input) => input.inputValue()));
  expect(inputValues).not.toContain(secret);
  expect(frames.length).toBeGreaterThan(0);
  expect(frames.filter((frame) => frame.includes(secret))).toEqual([]);
}

test('a profile survives a restart, keeps its secret only in the keychain, and removal deletes it', async ({ page, host }) => {
  const secret = `e2e-secret-${randomBytes(12).toString('hex')}`;
  const frames = recordReceivedFrames(page);
  await openApp(page, host.url);
  await expect(page).not.toHaveURL(/token=/); // the token left the address bar
  await expect(profileCard(page, 'Sandbox').getByText('Built-in sandbox')).toBeVisible();

  await page.getByTestId('add-profile').click();
  await expect(formField(page, 'name')).toBeFocused();
  await fillProfileForm(page, {
    name: 'Treasury desk',
    restUrl: 'https://api.example.com',
    streamUrl: 'wss://api.example.com',
    publicKey: 'pk-e2e-public',
    secretKey: secret,
  });
  await formField(page, 'secretKey').press('Enter'); // Enter submits
  const card = profileCard(page, 'Treasury desk');
  await expect(card).toBeVisible();
  await expect(profileForm(page)).toBeHidden();
  await expect(card.getByText('In the OS keychain')).toBeVisible();
  const id = await card.getAttribute('data-profile-id');
  expect(id).toBeTruthy();
  expect(await keytar.getPassword(SERVICE, account(id ?? ''))).toBe(secret);
  await expectSecretNowhereInPage(page, secret, frames);

  await host.restart();
  await openApp(page, host.url);
  await expect(profileCard(page, 'Treasury desk')).toBeVisible();
  await expect(profileCard(page, 'Treasury desk').getByText('https://api.example.com')).toBeVisible();
  expect(await keytar.getPassword(SERVICE, account(id ?? ''))).toBe(secret);

  // Editing shows the secret field empty, with the hint; Esc cancels.
  await profileCard(page, 'Treasury desk').getByRole('button', { name: 'Edit' }).click();
  await expect(formField(page, 'secretKey')).toHaveValue('');
  await expect(formField(page, 'secretKey')).toHaveAttribute('placeholder', 'Stored in the keychain — leave empty to keep');
  await expectSecretNowhereInPage(page, secret, frames);
  await page.keyboard.press('Escape');
  await expect(profileForm(page)).toBeHidden();

  await profileCard(page, 'Treasury desk').getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Remove “Treasury desk”?');
  await dialog.getByRole('button', { name: 'Remove “Treasury desk”' }).click();
  await expect(profileCard(page, 'Treasury desk')).toHaveCount(0);
  expect(await keytar.getPassword(SERVICE, account(id ?? ''))).toBeNull();

  await page.reload();
  await expect(profileCard(page, 'Sandbox')).toBeVisible();
  await expect(profileCard(page, 'Treasury desk')).toHaveCount(0);
  await expectSecretNowhereInPage(page, secret, frames);
});

test('bad input is refused on its field and nothing is sent or saved', async ({ page, host }) => {
  const sent = recordSentOps(page);
  await openApp(page, host.url);
  const cardsBefore = await page.getByTestId('profile-card').count();

  await page.getByTestId('add-profile').click();
  await profileForm(page).getByRole('button', { name: 'Add profile' }).click();
  await expect(fieldItem(page, 'name')).toContainText('Enter a name');
  await expect(fieldItem(page, 'restUrl')).toContainText('Enter an http:// or https:// URL');
  await expect(fieldItem(page, 'streamUrl')).toContainText('Enter a ws:// or wss:// URL');
  await expect(fieldItem(page, 'publicKey')).toContainText('Enter the public key');
  await expect(fieldItem(page, 'secretKey')).toContainText('Enter the secret key');

  await fillProfileForm(page, {
    name: 'Bad URLs',
    restUrl: 'not a url',
    streamUrl: 'https://stream.example.com',
    publicKey: 'pk',
    secretKey: 'never-saved-secret',
  });
  await formField(page, 'name').press('Enter');
  await expect(fieldItem(page, 'restUrl')).toContainText('Must be an http:// or https:// URL');
  await expect(fieldItem(page, 'streamUrl')).toContainText('Must be a ws:// or wss:// URL');
  await expect(fieldItem(page, 'name')).not.toContainText('Enter a name');
  expect(sent).not.toContain('createProfile');

  // An error main finds (a taken name) lands on its field too.
  await fillProfileForm(page, { name: 'Sandbox', restUrl: 'https://api.example.com', streamUrl: 'wss://api.example.com' });
  await formField(page, 'name').press('Enter');
  await expect(fieldItem(page, 'name')).toContainText('already exists');
  expect(sent).toContain('createProfile');

  await page.keyboard.press('Escape');
  await expect(profileForm(page)).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('profile-card').first()).toBeVisible();
  await expect(page.getByTestId('profile-card')).toHaveCount(cardsBefore);
  await expect(profileCard(page, 'Bad URLs')).toHaveCount(0);
});

test('rename keeps the secret, and make-active moves the status bar', async ({ page, host }) => {
  const secret = `rename-secret-${randomBytes(8).toString('hex')}`;
  await openApp(page, host.url);
  await page.getByTestId('add-profile').click();
  await fillProfileForm(page, {
    name: 'Ops account',
    restUrl: 'http://127.0.0.1:9/',
    streamUrl: 'ws://127.0.0.1:9/',
    publicKey: 'ops-public',
    secretKey: secret,
    authMethod: 'Basic',
  });
  await page.keyboard.press('Enter');
  const id = await profileCard(page, 'Ops account').getAttribute('data-profile-id');

  await profileCard(page, 'Ops account').getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByTestId('rename-form');
  await expect(rename.getByLabel('New name')).toBeFocused();
  await rename.getByLabel('New name').fill('Operations');
  await rename.getByLabel('New name').press('Enter');
  await expect(profileCard(page, 'Operations')).toBeVisible();
  await expect(profileCard(page, 'Operations')).toContainText('Version 3 · Basic');
  expect(await keytar.getPassword(SERVICE, account(id ?? ''))).toBe(secret);

  await expect(page.getByTestId('active-profile')).toContainText('Sandbox');
  await profileCard(page, 'Operations').getByRole('button', { name: 'Make active' }).click();
  await expect(page.getByTestId('active-profile')).toContainText('Operations');
  await expect(profileCard(page, 'Operations').getByText('Active', { exact: true })).toBeVisible();
  await host.restart();
  await openApp(page, host.url);
  await expect(page.getByTestId('active-profile')).toContainText('Operations');
  // Leave the keyring as found.
  await keytar.deletePassword(SERVICE, account(id ?? ''));
});

test('the built-in sandbox profile cannot be edited or removed', async ({ page, host }) => {
  await openApp(page, host.url);
  const sandbox = profileCard(page, 'Sandbox');
  await expect(sandbox.getByText('Managed by Coffer')).toBeVisible();
  await expect(sandbox.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await expect(sandbox.getByRole('button', { name: 'Edit' })).toHaveCount(0);
});

test('the form asks whether the account is shared, keeps the answer, and steers version 3 from Basic to HS256', async ({ page, host }) => {
  const secret = `shared-secret-${randomBytes(8).toString('hex')}`;
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page, host.url);
  await page.getByTestId('add-profile').click();
  const shared = sharedAccountChoice(page);
  const note = page.getByTestId('auth-method-note');
  await expect(shared.getByRole('radio', { name: 'No' })).toBeChecked();
  await expect(profileForm(page)).toContainText('Coffer never links a lost request to a transaction it cannot prove is its own');
  // HS256 is version 3's default and needs no note; Basic brings one saying why HS256 is better.
  await expect(profileForm(page).getByRole('radio', { name: 'HS256 (signed)' })).toBeChecked();
  await expect(note).toHaveCount(0);
  await profileForm(page).getByText('Basic', { exact: true }).click();
  await expect(note).toContainText('HS256 is recommended');
  await expect(note).toContainText('the service refuses it once its time window has passed');
  // Version 2's documentation names no window: its note states Basic's consequence only.
  await profileForm(page).getByText('Version 2', { exact: true }).click();
  await expect(note).toContainText('could still run at any time');
  await expect(note).not.toContainText('recommended');
  await profileForm(page).getByText('Version 3', { exact: true }).click();

  // The question answers by keyboard alone.
  await shared.getByRole('radio', { name: 'No' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(shared.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await fillProfileForm(page, {
    name: 'Shared treasury', restUrl: 'https://api.example.com', streamUrl: 'wss://api.example.com', publicKey: 'pk-shared', secretKey: secret,
  });
  // 720 px high, the form scrolls: one shot of its top half with the note, one of its end.
  await page.getByRole('dialog').getByText('Add profile', { exact: true }).first().scrollIntoViewIfNeeded();
  await expect(note).toBeInViewport();
  await shootInBothThemes(page, 'profile-form-basic-note');
  await profileForm(page).getByRole('button', { name: 'Add profile' }).scrollIntoViewIfNeeded();
  await expect(shared).toBeInViewport();
  await shootInBothThemes(page, 'profile-form-shared-yes');
  await formField(page, 'name').press('Enter');
  const card = profileCard(page, 'Shared treasury');
  await expect(card.getByTestId('profile-shared-account')).toHaveText('Other desktops or scripts too');
  await expect(card).toContainText('Version 3 · Basic');
  const id = await card.getAttribute('data-profile-id');

  // Stored: after a restart the card and the edit form still say so; the answer can be changed.
  await host.restart();
  await openApp(page, host.url);
  await expect(profileCard(page, 'Shared treasury').getByTestId('profile-shared-account')).toHaveText('Other desktops or scripts too');
  await profileCard(page, 'Shared treasury').getByRole('button', { name: 'Edit' }).click();
  await expect(shared.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await fillProfileForm(page, { sharedAccount: 'No', authMethod: 'HS256 (signed)' });
  await expect(note).toHaveCount(0);
  await profileForm(page).getByRole('button', { name: 'Save changes' }).scrollIntoViewIfNeeded();
  await shootInBothThemes(page, 'profile-form-edit-hs256');
  await formField(page, 'name').press('Enter');
  await expect(profileForm(page)).toBeHidden();
  await expect(profileCard(page, 'Shared treasury').getByTestId('profile-shared-account')).toHaveText('This Coffer only');
  await shootInBothThemes(page, 'profiles-shared-setting');
  await keytar.deletePassword(SERVICE, account(id ?? ''));
});
