// Steps of the team desk flow, by what a user sees: Settings → Team (connect, create or join, admit
// a desk by its fingerprint), a profile on the account another desk uses, and a team withdrawal
// prepared in the wallet's form with its reason.
import { expect, type Locator, type Page } from '@playwright/test';
import { control, ETH_ADDRESS, openWithdrawal } from './approvals-sandbox';
import { goToSection } from './history-sandbox';
import { fillProfileForm, formField, goToProfiles, profileCard } from './profile-page';
import { shootInBothThemes } from './screenshots';

export function teamSettings(page: Page): Locator {
  return page.getByTestId('team-settings');
}

/** Settings, scrolled to its Team section once the team's status has loaded. */
export async function openTeamSettings(page: Page): Promise<Locator> {
  await goToSection(page, 'Settings');
  const team = teamSettings(page);
  await expect(team).not.toHaveAttribute('data-state', 'unknown');
  return team;
}

/** Puts `part` at the top of the window, so a shot shows it and what follows it. */
export async function scrollToTop(part: Locator): Promise<void> {
  await part.evaluate((element) => element.scrollIntoView({ block: 'start' }));
}

export interface ConnectChoice {
  url: string;
  deskName: string;
  /** Creates a team of this name; without it, asks to join the team on the server. */
  createTeam?: string;
}

export async function connectToTeam(page: Page, choice: ConnectChoice): Promise<void> {
  const form = (await openTeamSettings(page)).getByTestId('team-connect');
  await form.getByTestId('team-url').locator('input').fill(choice.url);
  await form.getByTestId('team-desk-name').locator('input').fill(choice.deskName);
  if (choice.createTeam === undefined) {
    await form.getByTestId('team-action-join').click();
  } else {
    await form.getByTestId('team-action-create').click();
    await form.getByTestId('team-name').locator('input').fill(choice.createTeam);
  }
  await form.getByTestId('team-connect-submit').click();
}

/** The service's master key of the account behind a sandbox URL (the account's owner's key). */
export async function masterKeyOf(restUrl: string): Promise<{ apiKey: string; secretKey: string }> {
  const accounts = (await control(restUrl, 'GET', '/sandbox/accounts')) as { kind: string; keys: { api_key: string; secret_key: string; rights: string[] }[] }[];
  const key = accounts.find((account) => account.kind === 'master')?.keys.slice().sort((a, b) => b.rights.length - a.rights.length)[0];
  if (!key) throw new Error('the sandbox has no master key');
  return { apiKey: key.api_key, secretKey: key.secret_key };
}

/** On a desk with no profile yet: a signed (HS256) profile on the account at `restUrl`, made active. */
export async function addActiveProfile(page: Page, hostUrl: string, name: string, restUrl: string): Promise<void> {
  const key = await masterKeyOf(restUrl);
  await page.goto(hostUrl);
  // The start page may still be moving to its first page: clicked again until Profiles stands.
  await expect(async () => {
    await goToProfiles(page);
    await expect(page.getByTestId('profiles-page')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByTestId('add-profile').click();
  await fillProfileForm(page, {
    name, restUrl, streamUrl: restUrl.replace(/^http/, 'ws'), publicKey: key.apiKey, secretKey: key.secretKey,
    authMethod: 'HS256 (signed)', sharedAccount: 'Yes',
  });
  await formField(page, 'secretKey').press('Enter');
  const card = profileCard(page, name);
  await expect(card).toBeVisible({ timeout: 20_000 });
  const makeActive = card.getByRole('button', { name: 'Make active' });
  if (await makeActive.isVisible()) await makeActive.click();
  await expect(page.getByTestId('active-profile')).toContainText(name);
}

/** Prepares a USDT withdrawal to ETH_ADDRESS with a reason (the form shot on the way); returns its id. */
export async function prepareWithReason(page: Page, amount: string, reason: string): Promise<string> {
  const modal = await openWithdrawal(page, 'USDT');
  // The dialog puts the keyboard on its first control as it comes in; an address typed in that
  // instant goes there instead (the address field is left empty, and says so): typed again then.
  const address = modal.getByTestId('withdraw-address').locator('input');
  await expect(async () => {
    await address.fill(ETH_ADDRESS);
    await expect(address).toHaveValue(ETH_ADDRESS, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await modal.getByTestId('withdraw-amount').locator('input').fill(amount);
  await modal.getByTestId('withdraw-reason').locator('textarea').fill(reason);
  await expect(modal.getByTestId('withdraw-arrives')).toBeVisible(); // the live fee estimate arrived
  await expect(modal).toContainText('Reason (required)');
  await shootInBothThemes(page, 'team-withdraw-reason');
  await modal.getByTestId('withdraw-review').click();
  await expect(modal.getByTestId('withdraw-confirm-address')).toHaveText(ETH_ADDRESS);
  await expect(modal).toContainText(reason); // the review repeats why the money goes out
  await modal.getByTestId('withdraw-submit').click();
  await expect(modal.getByTestId('withdraw-result')).toHaveAttribute('data-state', 'CREATED');
  await modal.getByTestId('withdraw-open-approvals').click();
  await expect(page.getByTestId('approvals-page')).toBeVisible();
  const row = page.locator('[data-testid="approval-row"][data-state="CREATED"]').first();
  await expect(row).toBeVisible();
  return (await row.getAttribute('data-id')) ?? '';
}
