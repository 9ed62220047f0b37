// A team desk's export through the real worker over a real history store: the team's signed
// record of the exported withdrawals goes into the archive as team-approvals.json, listed in the
// signed manifest; review, offline, says who prepared, approved and committed each one and whether
// its entries check out. A record altered before the export fails its verdict; a file swapped
// after it fails the manifest's hash as well; a solo desk's export carries no record.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryFilter, ReviewReport } from '../../../preload/contract/history';
import { verifyCommand } from '../../../main/cli/verify-command';
import { runExportJob, type ExportJobDeps } from '../../../main/core/exports/export-job';
import { ReviewSessions } from '../../../main/core/exports/review/sessions';
import { TEAM_APPROVALS_NAME, teamApprovalsLines, type TeamProof } from '../../../main/core/exports/team-proofs';
import { SOURCE_WORKER } from '../../../main/core/exports/worker-thread';
import { insertEntries } from '../../../main/core/history/query';
import { applyHistorySchema } from '../../../main/core/history/schema';
import type { StoredEntry } from '../../../main/team/entries';
import { historyRows } from '../../support/history-rows';
import { entriesOf, rewritten, signerOf, testKey, trustOnly } from '../../unit/exports/signed-export';
import { alteredBody, fieldsOf, fixedSource, namesOf, TestChain, testDesk, withdrawalEntries } from '../../unit/exports/team-proof-fixture';

const ROWS = historyRows(600, { seed: 5, stepMs: 3_600_000 });
const WITHDRAWALS = ROWS.filter((row) => row.type === 'WITHDRAW');
const payments = testDesk('Payments');
const treasury = testDesk('Treasury');
const names = namesOf([payments, treasury]);
const exportKey = testKey();
const root = mkdtempSync(join(tmpdir(), 'coffer-team-approvals-'));
const dbPath = join(root, 'history.db');
const out = join(root, 'out');

/** Every withdrawal but the last has a record; the second's reason was changed in the store after it was signed. */
const chain = new TestChain();
const proofs: TeamProof[] = WITHDRAWALS.slice(0, -1).map((row) => ({
  txId: row.id,
  entries: withdrawalEntries(chain, fieldsOf(row.id, row.currency, row.amount), { preparer: payments, approvers: [treasury], committer: treasury }),
  names,
}));
const alteredTx = WITHDRAWALS[1]?.id as string;
proofs[1] = { ...(proofs[1] as TeamProof), entries: [alteredBody(proofs[1]?.entries[0] as StoredEntry, (body) => (body.reason = 'Payroll')), ...(proofs[1]?.entries.slice(1) ?? [])] };
/** A record of a withdrawal the export does not hold: the source gives it, the file must not. */
const stray: TeamProof = { txId: 'not-in-this-export', entries: withdrawalEntries(chain, fieldsOf('not-in-this-export'), { preparer: payments, approvers: [treasury], committer: null }), names };

const asked: string[][] = [];
const deps = (team: boolean): ExportJobDeps => ({
  workerScript: SOURCE_WORKER,
  signer: signerOf(exportKey),
  appVersion: '0.1.0',
  progress: () => undefined,
  now: () => new Date('2025-03-04T05:06:07Z'),
  // The source's entries carry its desk's own verdict, as the team's folded facts hold them: the file must not.
  ...(team ? { teamProofs: () => fixedSource([...proofs, stray].map((proof) => ({ ...proof, entries: proof.entries.map((entry) => ({ ...entry, status: 'valid' })) })), asked) } : {}),
});
const exportOf = (filter: HistoryFilter, team = true) =>
  runExportJob({ dbPath, filter, format: 'csv', folder: out, profileName: 'Treasury desk', account: 'https://api.example.test (API v3)' }, deps(team));

let reviews: ReviewSessions;

async function review(path: string): Promise<ReviewReport> {
  const bytes = readFileSync(path);
  const { reviewId } = await reviews.begin({ fileName: 'export.zip', size: bytes.length });
  await reviews.receive(reviewId, [bytes]);
  return reviews.finish(reviewId);
}

beforeAll(() => {
  mkdirSync(out);
  const db = new Database(dbPath);
  applyHistorySchema(db);
  insertEntries(db, ROWS);
  db.close();
  reviews = new ReviewSessions({ trustedKeys: () => trustOnly(exportKey), progress: () => undefined, workerScript: SOURCE_WORKER, tmpRoot: root });
});
afterAll(async () => {
  await reviews.closeAll();
  rmSync(root, { recursive: true, force: true });
});

describe('a team desk export', () => {
  let path: string;

  it('asks for the exported withdrawals only and writes their records as a listed file', async () => {
    expect(WITHDRAWALS.length).toBeGreaterThan(20);
    path = (await exportOf({})).path;
    expect(asked.at(-1)?.slice().sort()).toEqual(WITHDRAWALS.map((row) => row.id).sort());
    const entries = await entriesOf(path);
    const document = JSON.parse((entries.get(TEAM_APPROVALS_NAME) as Buffer).toString('utf8')) as { version: number; proofs: TeamProof[] };
    expect(document.version).toBe(1);
    expect(document.proofs.map((proof) => proof.txId).sort()).toEqual(proofs.map((proof) => proof.txId).sort());
    expect(document.proofs.find((proof) => proof.txId === proofs[0]?.txId)).toEqual(proofs[0]);
    const manifest = JSON.parse((entries.get('manifest.json') as Buffer).toString('utf8')) as { files: Array<{ name: string; rows: number }> };
    expect(manifest.files.find((file) => file.name === TEAM_APPROVALS_NAME)?.rows).toBe(proofs.length);
  });

  it('is reviewed offline with who prepared, approved and committed each withdrawal, and the altered record failed', async () => {
    const report = await review(path);
    expect(report).toMatchObject({ verified: true, loaded: true, problems: [] });
    const team = report.teamApprovals;
    expect(team).toMatchObject({ intact: true, unreadable: null });
    expect(team?.withdrawals).toHaveLength(proofs.length);
    const failed = team?.withdrawals.filter((record) => !record.verified) ?? [];
    expect(failed.map((record) => [record.txId, record.verdict])).toEqual([
      [alteredTx, 'failed: the prepare entry by Payments does not check out: its content does not match its hash: it was changed after it was written'],
    ]);
    const first = team?.withdrawals.find((record) => record.txId === WITHDRAWALS[0]?.id);
    expect(first).toMatchObject({
      verdict: 'verified', preparedBy: { name: 'Payments', at: proofs[0]?.entries[0]?.at }, approvedBy: [{ name: 'Treasury', at: proofs[0]?.entries[1]?.at }],
      committedBy: { name: 'Treasury' }, policyVersion: 2, reason: `Supplier invoice ${WITHDRAWALS[0]?.id}`, commitOutcome: 'accepted',
    });
  });

  it('holds only the filtered withdrawals’ records', async () => {
    const filter: HistoryFilter = { currencies: ['BTC'] };
    const entries = await entriesOf((await exportOf(filter)).path);
    const inFile = (JSON.parse((entries.get(TEAM_APPROVALS_NAME) as Buffer).toString('utf8')) as { proofs: TeamProof[] }).proofs.map((proof) => proof.txId);
    const btc = new Set(WITHDRAWALS.filter((row) => row.currency === 'BTC').map((row) => row.id));
    expect(inFile.length).toBeGreaterThan(0);
    expect(inFile.every((txId) => btc.has(txId))).toBe(true);
    expect(inFile.length).toBe(proofs.filter((proof) => btc.has(proof.txId)).length);
  });

  it('is reported by the command line’s verify, each failed record named', async () => {
    const lines: string[] = [];
    const code = await verifyCommand({ file: path, trust: [exportKey.publicKey], json: false }, join(root, 'no-installation'), (line) => lines.push(line));
    expect(code).toBe(0);
    expect(lines).toContain(`Team approvals: ${proofs.length} withdrawals, 1 failed their check`);
    expect(lines).toContain(`  - ${alteredTx}: failed: the prepare entry by Payments does not check out: its content does not match its hash: it was changed after it was written`);
  });

  it('fails the manifest’s hash when team-approvals.json is swapped for one with an entry changed', async () => {
    const changed = proofs.map((proof, index) =>
      index === 0 ? { ...proof, entries: [alteredBody(proof.entries[0] as StoredEntry, (body) => (body.reason = 'Approved by the board')), ...proof.entries.slice(1)] } : proof,
    );
    const swapped = await rewritten(path, (entries) => entries.set(TEAM_APPROVALS_NAME, Buffer.from([...teamApprovalsLines(changed)].join(''), 'utf8')));
    const report = await review(swapped);
    expect(report.verified).toBe(false);
    expect(report.problems).toContainEqual(expect.objectContaining({ kind: 'fileChanged', file: TEAM_APPROVALS_NAME }));
    expect(report.teamApprovals?.intact).toBe(false);
    expect(report.teamApprovals?.withdrawals.find((record) => record.txId === WITHDRAWALS[0]?.id)).toMatchObject({ verified: false, reason: 'Approved by the board' });
  });

  it('says the record is gone when team-approvals.json is removed', async () => {
    const removed = await rewritten(path, (entries) => entries.delete(TEAM_APPROVALS_NAME));
    const report = await review(removed);
    expect(report.problems).toContainEqual(expect.objectContaining({ kind: 'fileMissing', file: TEAM_APPROVALS_NAME }));
    expect(report.teamApprovals).toEqual({ intact: false, unreadable: 'team-approvals.json is missing from the export', withdrawals: [] });
  });

  it('carries no team record from a solo desk', async () => {
    const solo = await exportOf({}, false);
    expect((await entriesOf(solo.path)).has(TEAM_APPROVALS_NAME)).toBe(false);
    const report = await review(solo.path);
    expect(report).toMatchObject({ verified: true, teamApprovals: null });
  });
});
