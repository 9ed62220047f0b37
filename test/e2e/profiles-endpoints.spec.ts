// Where a profile's key may go, as the user meets it: a plain http:// URL to another computer is
// refused on its field before anything is sent, and an edit that moves the profile to another host
// is refused until the secret is entered again. Screenshots of both, light and dark, go to
// test-results/screenshots/ for a person to look at.
import { randomBytes } from 'node:crypto';
import keytar from 'keytar';
import { expect, test } from './fixtures';
import { recordSentOps } from './approvals-sandbox';
import { fieldItem, fillProfileForm, formField, openApp, profileCard, profileForm } from './profile-page';
import { shootInBothThemes } from './screenshots';

test('a profile pointed at plain http:// on another computer is refused on its field, and nothing is sent', async ({ page, host }) => {
  const sent = recordSentOps(page);
  await openApp(page, host.url);
  await page.getByTestId('add-profile').click();
  await fillProfileForm(page, {
    name: 'Remote desk',
    restUrl: 'http://api.example.com',
    streamUrl: 'ws://api.example.com',
    publicKey: 'pk-remote',
    secretKey: 'never-sent-secret',
  });
  await formField(page, 'name').press('Enter');
  await expect(fieldItem(page, 'restUrl')).toContainText('Use https://; unencrypted http:// is allowed only on this computer');
  await expect(fieldItem(page, 'streamUrl')).toContainText('Use wss://; unencrypted ws:// is allowed only on this computer');
  await shootInBothThemes(page, 'profile-plain-http-refused');

  // A password in the URL is refused without being repeated on the page.
  await fillProfileForm(page, { restUrl: 'https://ops:PAGE-PASSWORD-31@api.example.com', streamUrl: 'wss://api.example.com' });
  await formField(page, 'name').press('Enter');
  await expect(fieldItem(page, 'restUrl')).toContainText('Leave credentials out of the URL');
  await expect(fieldItem(page, 'restUrl')).not.toContainText('PAGE-PASSWORD-31');
  await expect(fieldItem(page, 'streamUrl')).not.toContainText('Use wss://');
  expect(sent).not.toContain('createProfile');

  // Loopback may be plain: the same form is accepted for this computer.
  await fillProfileForm(page, { restUrl: 'http://127.0.0.1:9/', streamUrl: 'ws://localhost:9/' });
  await formField(page, 'name').press('Enter');
  await expect(profileCard(page, 'Remote desk')).toBeVisible();
  expect(sent).toContain('createProfile');
  const id = await profileCard(page, 'Remote desk').getAttribute('data-profile-id');
  await keytar.deletePassword('coffer', `profile:${id ?? ''}`); // leave the keyring as found
});

test('an edit that moves the profile to another host is refused until the secret is entered again', async ({ page, host }) => {
  const sent = recordSentOps(page);
  const firstSecret = `first-host-secret-${randomBytes(8).toString('hex')}`;
  const secondSecret = `second-host-secret-${randomBytes(8).toString('hex')}`;
  await openApp(page, host.url);
  await page.getByTestId('add-profile').click();
  await fillProfileForm(page, {
    name: 'Treasury desk',
    restUrl: 'https://api.example.com',
    streamUrl: 'wss://api.example.com',
    publicKey: 'pk-desk',
    secretKey: firstSecret,
  });
  await formField(page, 'secretKey').press('Enter');
  const card = profileCard(page, 'Treasury desk');
  await expect(card).toBeVisible();
  const id = (await card.getAttribute('data-profile-id')) ?? '';
  expect(await keytar.getPassword('coffer', `profile:${id}`)).toBe(firstSecret);

  // A new path on the same host keeps the stored secret.
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(formField(page, 'secretKey')).toHaveAttribute('placeholder', 'Stored in the keychain — leave empty to keep');
  await formField(page, 'restUrl').fill('https://api.example.com/v3');
  await expect(fieldItem(page, 'secretKey')).toContainText('Paste a new secret only to replace the stored one.');

  // Another host: the secret field asks for it, and saving without it is refused on that field.
  await formField(page, 'restUrl').fill('https://api.example.net/v3');
  await expect(formField(page, 'secretKey')).toHaveAttribute('placeholder', 'Paste the secret key again');
  await expect(fieldItem(page, 'secretKey')).toContainText('New host: the stored secret is never sent there, so enter it again.');
  await shootInBothThemes(page, 'profile-host-moved');
  const updatesBefore = sent.filter((op) => op === 'updateProfile').length;
  await profileForm(page).getByRole('button', { name: 'Save changes' }).click();
  await expect(fieldItem(page, 'secretKey')).toContainText('Enter the secret again: the stored secret is never sent to a new host');
  await shootInBothThemes(page, 'profile-host-moved-refused');
  expect(sent.filter((op) => op === 'updateProfile').length).toBe(updatesBefore);
  await expect(profileForm(page)).toBeVisible();

  // Moving back to the stored host drops the demand; moving away again and typing the secret saves.
  await formField(page, 'restUrl').fill('https://api.example.com/v3');
  await expect(fieldItem(page, 'secretKey')).not.toContainText('Enter the secret again');
  await formField(page, 'restUrl').fill('https://api.example.net/v3');
  await formField(page, 'secretKey').fill(secondSecret);
  await formField(page, 'secretKey').press('Enter');
  await expect(profileForm(page)).toBeHidden();
  await expect(card.getByText('https://api.example.net/v3')).toBeVisible();
  expect(await keytar.getPassword('coffer', `profile:${id}`)).toBe(secondSecret);
  expect(await page.content()).not.toContain(secondSecret);
  await keytar.deletePassword('coffer', `profile:${id}`);
});
