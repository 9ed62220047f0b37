// Two team desks on one account, end to end: a real PostgreSQL holds the team's signed log, two
// real web hosts (each with its own keychain, as two computers would have) and two browser
// contexts. Desk A ("Payments") creates the team "Treasury"; desk B ("Controller") asks to join
// and is admitted by its fingerprint read off its own screen; A prepares a withdrawal with a
// reason, may not approve it itself and says why; B sees it arrive, approves it and sends it; A
// sees who did, live; the service committed it once. The team screens are shot on the way.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { approvalRow, ETH_ADDRESS, goTo, SandboxDesk } from './approvals-sandbox';
import { confirmWithLastFour } from './approval-steps';
import { expect, startCofferHost, test, type CofferHost } from './fixtures';
import { startPrivateKeyring, type PrivateKeyring } from './private-keyring';
import { shootInBothThemes } from './screenshots';
import { addActiveProfile, connectToTeam, openTeamSettings, prepareWithReason, scrollToTop } from './team-steps';

const REASON = 'Supplier invoice 4411 (office hardware)';
/** Worth less than 10,000 USDT: the new team's policy wants one other desk's approval. */
const AMOUNT = '250';

let postgres: PostgresServer;
let teamUrl: string;

test.beforeAll(async () => {
  postgres = await startPostgres();
  teamUrl = await postgres.createDatabase('team_desks');
});

test.afterAll(async () => {
  await postgres?.destroy();
});

/** Desk B: its own data directory and keychain, no built-in sandbox (it works on A's account). */
interface SecondDesk {
  host: CofferHost;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

async function openSecondDesk(browser: Browser): Promise<SecondDesk> {
  const dataDir = mkdtempSync(join(tmpdir(), 'coffer-e2e-desk-b-'));
  let keyring: PrivateKeyring | null = null;
  let host: CofferHost | null = null;
  const close = async (): Promise<void> => {
    await host?.stop();
    await keyring?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    keyring = await startPrivateKeyring();
    host = await startCofferHost(dataDir, { ...keyring.env, COFFER_NO_SANDBOX: '1' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    return { host, context, page, close: async () => void (await context.close().finally(close)) };
  } catch (error) {
    await close();
    throw error;
  }
}

test('two desks: join by fingerprint, one prepares with a reason, the other approves and sends it, both see who did', async ({ browser, host }) => {
  test.setTimeout(90_000);
  const started = Date.now();
  const contextA = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const a = await contextA.newPage();
  const deskB = await openSecondDesk(browser);
  const b = deskB.page;
  try {
    const sandbox = await SandboxDesk.open(a, host.url);
    await addActiveProfile(b, deskB.host.url, 'Treasury account', sandbox.restUrl);

    // A founds the team; B asks to join and shows its fingerprint.
    await connectToTeam(a, { url: teamUrl, deskName: 'Payments', createTeam: 'Treasury' });
    const teamA = a.getByTestId('team-settings');
    await expect(teamA).toHaveAttribute('data-state', 'member', { timeout: 20_000 });
    await connectToTeam(b, { url: teamUrl, deskName: 'Controller' });
    const teamB = b.getByTestId('team-settings');
    await expect(teamB).toHaveAttribute('data-state', 'requested', { timeout: 20_000 });
    const fingerprint = b.getByTestId('team-own-fingerprint');
    await expect(fingerprint).toBeVisible();
    await scrollToTop(b.getByTestId('team-requested'));
    await shootInBothThemes(b, 'team-b-waiting');
    const readAloud = (await fingerprint.getAttribute('data-fingerprint')) ?? '';
    expect(readAloud).toMatch(/^[0-9A-F]{4}( [0-9A-F]{4})+$/);
    // Each desk has its own key (its own keychain): the one asking is not the founder again.
    await expect(teamA.getByTestId('team-summary')).not.toContainText(readAloud);

    // A sees the request live and admits B by the fingerprint B shows.
    const request = teamA.locator('[data-testid="team-join-request"][data-name="Controller"]');
    await expect(request).toBeVisible({ timeout: 15_000 });
    // The request's fingerprint, as the table shows it (two rows of groups), is the one B shows.
    expect((await request.innerText()).replace(/\s+/g, ' ')).toContain(readAloud);
    await scrollToTop(a.getByTestId('team-summary'));
    await shootInBothThemes(a, 'team-a-join-request');
    await request.getByTestId('team-admit').click();
    await a.getByTestId('team-admit-fingerprint').locator('input').fill(readAloud.toLowerCase());
    await a.getByTestId('team-admit-confirm').click();
    await expect(a.getByTestId('team-admit-dialog')).toBeHidden();
    await expect(teamA.getByTestId('team-join-request')).toHaveCount(0);
    for (const team of [teamA, teamB]) {
      await expect(team).toHaveAttribute('data-state', 'member', { timeout: 15_000 });
      await expect(team.getByTestId('team-member')).toHaveCount(2);
    }
    await expect(teamA.locator('[data-testid="team-member"][data-name="Controller"]')).toContainText('Payments'); // admitted by
    await scrollToTop(a.getByTestId('team-summary'));
    await shootInBothThemes(a, 'team-a-members');

    // A prepares; it may not approve its own withdrawal and says why.
    await goTo(b, 'Approvals');
    const id = await prepareWithReason(a, AMOUNT, REASON);
    expect(id).not.toBe('');
    const rowA = approvalRow(a, id);
    await expect(rowA).toContainText('prepared by Payments');
    await expect(rowA.getByTestId('approval-team-reason')).toHaveText(REASON);
    await expect(rowA.getByTestId('approval-team')).toContainText('Approvals: 0 of 1');
    await expect(rowA.getByTestId('approve')).toBeDisabled();
    await expect(rowA.getByTestId('approval-why-not')).toHaveText('You prepared this withdrawal: another desk must approve it');
    await expect(rowA.getByTestId('approve')).toHaveAccessibleDescription('You prepared this withdrawal: another desk must approve it');
    await shootInBothThemes(a, 'team-a-approvals-own');

    // B's queue shows it without a reload, with who prepared it and why.
    const rowB = approvalRow(b, id);
    await expect(rowB).toHaveAttribute('data-state', 'CREATED', { timeout: 15_000 });
    await expect(rowB).toContainText('prepared by Payments');
    await expect(rowB.getByTestId('approval-team-reason')).toHaveText(REASON);
    await expect(rowB.getByTestId('approve')).toBeEnabled();
    await shootInBothThemes(b, 'team-b-approvals');

    // B approves: that is the one approval the policy wants, so B sends it.
    await rowB.getByTestId('approve').click();
    await confirmWithLastFour(b, ETH_ADDRESS);
    await expect(rowB.getByTestId('approval-team-committed')).toContainText('Controller', { timeout: 15_000 });
    await expect(rowB.getByTestId('approval-team-approvals')).toContainText('Controller');
    await expect(rowA.getByTestId('approval-team-committed')).toContainText('Controller', { timeout: 15_000 });
    await expect(rowA.getByTestId('approval-team')).toContainText('Approvals: 1 of 1');
    await expect(rowA.getByTestId('approve')).toHaveCount(0);
    expect((await sandbox.transaction(id)).status).not.toBe('CREATED');
    await shootInBothThemes(a, 'team-a-approvals-sent');

    // The team's audit chain on A, every entry counted.
    const audit = (await openTeamSettings(a)).getByTestId('team-audit');
    await expect(audit.getByTestId('team-audit-entry').first()).toContainText('Withdrawal sent', { timeout: 15_000 });
    await expect(audit.locator('[data-testid="team-audit-entry"]:not([data-verdict="counted"])')).toHaveCount(0);
    await expect(audit.getByTestId('team-audit-entry').filter({ hasText: 'Withdrawal sent' })).toHaveCount(1); // sent once, by one desk
    await scrollToTop(audit);
    await shootInBothThemes(a, 'team-audit');
    console.log(`team-desks: the two-desk flow took ${Date.now() - started} ms`);
  } finally {
    await contextA.close();
    await deskB.close();
  }
});
