// The export, key and review operations through the core's dispatch, as either transport calls
// them: payloads checked by the contract's schemas, an export of the active profile's store with
// its progress events, the signing key in a real keyring, and a review of that export.
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Events, ExportResult, Profile, Result, ReviewReport, SigningKeyInfo, TrustedKey } from '../../../preload/contract';
import { NOT_CHOSEN } from '../../../main/core/exports/export-folders';
import { insertEntries } from '../../../main/core/history/query';
import { applyHistorySchema } from '../../../main/core/history/schema';
import { historyStoreFile } from '../../../main/core/history/store-file';
import { FIXTURE_HISTORY } from '../../unit/exports/fixture';
import { testKey } from '../../unit/exports/signed-export';
import { createCoreFixture, validInput, type CoreFixture } from '../core/core-fixture';
import { startPrivateBus, type PrivateBus } from '../keychain/private-keyring';

let bus: PrivateBus;
let fixture: CoreFixture;
const events: Array<{ event: string; payload: unknown }> = [];

const call = (op: string, request?: unknown) => fixture.core.dispatch(op, request);

function valueOf<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value as T;
}

beforeAll(async () => {
  bus = await startPrivateBus();
  Object.assign(process.env, bus.env);
  fixture = await createCoreFixture();
  fixture.core.events.subscribe((event, payload) => events.push({ event, payload }));
});
afterAll(async () => {
  await fixture?.dispose();
  await bus?.stop();
});

describe('export operations through dispatch', () => {
  let key: SigningKeyInfo;
  let exported: ExportResult;

  it('makes the signing key once and lists it first among the trusted keys, even when both are asked at once', async () => {
    const [made, listed] = await Promise.all([call('exportSigningKey'), call('trustedExportKeys')]);
    key = valueOf<SigningKeyInfo>(made);
    expect(valueOf<TrustedKey[]>(listed).map((trusted) => trusted.publicKey)).toEqual([key.publicKey]);
    expect(valueOf<SigningKeyInfo>(await call('exportSigningKey'))).toEqual(key);
    expect(valueOf<TrustedKey[]>(await call('trustedExportKeys'))).toEqual([
      { fingerprint: key.fingerprint, publicKey: key.publicKey, label: 'This installation', own: true, addedAt: key.createdAt },
    ]);
  });

  it('refuses bad key requests on their fields', async () => {
    expect(await call('trustExportKey', { publicKey: 'not-a-key', label: 'x' })).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'publicKey' } });
    expect(await call('trustExportKey', { publicKey: testKey().publicKey, label: ' ' })).toMatchObject({ ok: false, error: { field: 'label' } });
    expect(await call('forgetExportKey', { fingerprint: key.fingerprint })).toMatchObject({ ok: false, error: { code: 'OWN_KEY', field: 'fingerprint' } });
  });

  it('exports the active profile\'s stored history, with progress events, into Coffer\'s export folder and no other', async () => {
    const profile = valueOf<Profile>(await call('createProfile', validInput({ name: 'Main desk', restUrl: 'http://127.0.0.1:9', streamUrl: 'ws://127.0.0.1:9' })));
    valueOf(await call('activateProfile', { id: profile.id }));
    const store = historyStoreFile(fixture.dataDir, profile.id);
    mkdirSync(dirname(store), { recursive: true });
    const db = new Database(store);
    applyHistorySchema(db);
    insertEntries(db, FIXTURE_HISTORY);
    db.close();
    // A page names only Coffer's export folder (or one chosen in the desktop app's dialog): any other
    // is refused in the same words whether it exists or not.
    const foreign = await Promise.all(['/nonexistent/coffer', fixture.dataDir, tmpdir()].map((folder) => call('exportHistory', { filter: {}, format: 'csv', folder })));
    for (const refused of foreign) expect(refused).toEqual({ ok: false, error: { code: 'VALIDATION', message: NOT_CHOSEN, field: 'folder' } });
    expect(valueOf(await call('exportFolders'))).toEqual({ defaultFolder: `${fixture.dataDir}/exports`, chosen: [], canChoose: false });
    expect(await call('chooseExportFolder')).toMatchObject({ ok: false, error: { code: 'NO_FOLDER_DIALOG' } });
    expect(await call('exportHistory', { filter: {}, format: 'xlsx' })).toMatchObject({ ok: false, error: { field: 'format' } });
    exported = valueOf<ExportResult>(await call('exportHistory', { filter: { statuses: ['SUCCESS'] }, format: 'cointracking' }));
    expect(exported).toMatchObject({ format: 'cointracking', rows: 14, fingerprint: key.fingerprint });
    expect(exported.path.startsWith(`${fixture.dataDir}/exports/coffer-main-desk-`)).toBe(true);
    const progress = events.filter((e) => e.event === 'historyExportProgress').map((e) => e.payload as Events['historyExportProgress']);
    expect(progress.at(-1)).toEqual({ profileId: profile.id, done: 28, total: 28, phase: 'signing' });
  });

  it('reviews that export with no profile needed: verified, its rows and totals answered', async () => {
    const bytes = readFileSync(exported.path);
    const { reviewId } = valueOf<{ reviewId: string }>(await call('beginReview', { fileName: exported.fileName, size: bytes.length }));
    // No dialog outside the desktop app: the page sends the file, which the web host streams in.
    expect(await call('chooseReviewFile')).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    expect(await fixture.core.receiveReviewFile(reviewId, [bytes])).toEqual({ received: bytes.length });
    const report = valueOf<ReviewReport>(await call('finishReview', { reviewId }));
    expect(report).toMatchObject({ verified: true, loaded: true, rows: 14, problems: [], signer: { trusted: true, label: 'This installation' } });
    const rows = valueOf<{ rows: Array<{ id: string }>; total: number }>(await call('reviewRows', { reviewId, filter: { currencies: ['USDT'] }, offset: 0, limit: 10 }));
    expect(rows.rows.map((row) => row.id)).toEqual(['1015', '1010', '1009', '1008', '1007', '1006']);
    expect(events.some((e) => e.event === 'reviewProgress' && (e.payload as { reviewId: string }).reviewId === reviewId)).toBe(true);
    valueOf(await call('closeReview', { reviewId }));
    expect(await call('reviewSummary', { reviewId, filter: {} })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', field: 'reviewId' } });
  });
});
