// How the specs drive the Profiles page: by the labels and names a user sees.
import { expect, type Locator, type Page } from '@playwright/test';

export interface ProfileFields {
  name?: string;
  restUrl?: string;
  streamUrl?: string;
  publicKey?: string;
  secretKey?: string;
  authMethod?: 'HS256 (signed)' | 'Basic';
  /** The answer to whether other desktops or scripts use the account. */
  sharedAccount?: 'Yes' | 'No';
}

const LABELS = {
  name: 'Name',
  restUrl: 'REST base URL',
  streamUrl: 'Streaming URL',
  publicKey: 'Public key',
  secretKey: 'Secret key',
} as const;

/** Open the app at the host's URL, go to Profiles (with a profile active the app starts on its
 *  work) and wait until the profile list has loaded. */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  // A click while the start page still waits for the profiles can lose to its move to the first
  // page: clicked again until the profiles page stands.
  await expect(async () => {
    await goToProfiles(page);
    await expect(page.getByTestId('profiles-page')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('profile-card').first()).toBeVisible();
}

export async function goToProfiles(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByText('Profiles', { exact: true }).click();
}

export function profileForm(page: Page): Locator {
  return page.getByTestId('profile-form');
}

/** The form input for a field, found by its visible label (with the required mark it may carry). */
export function formField(page: Page, field: keyof typeof LABELS): Locator {
  return profileForm(page).getByLabel(new RegExp(`^${LABELS[field]}(\\s\\*)?$`));
}

export async function fillProfileForm(page: Page, fields: ProfileFields): Promise<void> {
  for (const key of Object.keys(LABELS) as (keyof typeof LABELS)[]) {
    const value = fields[key];
    if (value !== undefined) await formField(page, key).fill(value);
  }
  if (fields.authMethod) await profileForm(page).getByText(fields.authMethod, { exact: true }).click();
  if (fields.sharedAccount) await sharedAccountChoice(page).getByText(fields.sharedAccount, { exact: true }).click();
}

/** The yes/no question of whether other desktops or scripts use the account, by its accessible name. */
export function sharedAccountChoice(page: Page): Locator {
  return profileForm(page).getByRole('radiogroup', { name: 'Do other desktops or scripts use this account?' });
}

/** The form item (label, input and message) of a field, to read the message under it. */
export function fieldItem(page: Page, field: keyof typeof LABELS): Locator {
  return profileForm(page).locator('.n-form-item').filter({ has: page.locator(`#profile-${field}`) });
}

export function profileCard(page: Page, name: string): Locator {
  return page.locator(`[data-testid="profile-card"][data-profile-name="${name}"]`);
}
