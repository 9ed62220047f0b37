// Exports and reviews through the real worker thread, over a real history store on disk: the
// archive written under its final name only when complete, progress reported, the rows exactly
// the store's filtered rows; then the same file handed over in chunks, checked and loaded, and
// the review answering summary, rows and flows exactly as the store itself does.
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportResult, HistoryFilter } from '../../../preload/contract/history';
import { exportFolder, runExportJob, type ExportJobDeps } from '../../../main/core/exports/export-job';
import { FIRST_ROWS } from '../../../main/core/exports/review/rows-load';
import { MAX_REVIEW_FILE_BYTES, MAX_SESSIONS, ReviewSessions } from '../../../main/core/exports/review/sessions';
import { SOURCE_WORKER } from '../../../main/core/exports/worker-thread';
import { createHistoryQuery, insertEntries, type HistoryQuery } from '../../../main/core/history/query';
import { applyHistorySchema } from '../../../main/core/history/schema';
import { historyRows } from '../../support/history-rows';
import { testKey, trustOnly } from '../../unit/exports/signed-export';

const ROWS = historyRows(3_000, { seed: 11, stepMs: 3_600_000 });
const desk = testKey();
const root = mkdtempSync(join(tmpdir(), 'coffer-export-review-'));
const dbPath = join(root, 'history.db');
const out = join(root, 'out');
let store: Database.Database;
let query: HistoryQuery;
const progress: Array<[number, number, string]> = [];

const jobDeps: ExportJobDeps = {
  workerScript: SOURCE_WORKER,
  signer: async () => ({ info: { publicKey: desk.publicKey, fingerprint: desk.fingerprint, createdAt: '2025-01-01T00:00:00.000Z' }, sign: desk.sign }),
  appVersion: '0.1.0',
  progress: (done, total, phase) => progress.push([done, total, phase]),
  now: () => new Date('2025-03-04T05:06:07Z'),
};

const exportOf = (filter: HistoryFilter, format: 'csv' | 'json' | 'koinly' = 'csv', folder = out) =>
  runExportJob({ dbPath, filter, format, folder, profileName: 'Main desk (EU)', account: 'https://api.example.test (API v3)' }, jobDeps);

beforeAll(() => {
  mkdirSync(out);
  const db = new Database(dbPath);
  applyHistorySchema(db);
  insertEntries(db, ROWS);
  db.close();
  store = new Database(dbPath, { readonly: true });
  query = createHistoryQuery(store);
});
afterAll(() => {
  store?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('an export', () => {
  let csv: ExportResult;

  it('writes one signed zip under its final name, with progress, and nothing half-written beside it', async () => {
    csv = await exportOf({});
    expect(csv).toMatchObject({ fileName: 'coffer-main-desk-eu-20250304-050607-csv.zip', format: 'csv', rows: ROWS.length, fingerprint: desk.fingerprint });
    expect(readdirSync(out)).toEqual([csv.fileName]);
    expect(readFileSync(csv.path).length).toBe(csv.bytes);
    expect(progress.at(-1)).toEqual([ROWS.length, ROWS.length, 'signing']);
    expect(progress.some(([, , phase]) => phase === 'writing')).toBe(true);
  });

  const narrow: HistoryFilter = { currencies: ['BTC', 'ETH'], direction: 'out' };
  let json: ExportResult;
  let koinly: ExportResult;

  it('exports exactly the filtered rows, under a new name when the same second is taken', async () => {
    json = await exportOf(narrow, 'json');
    expect(json.rows).toBe(query.count(narrow));
    expect(json.rows).toBeGreaterThan(100);
    koinly = await exportOf(narrow, 'koinly');
    const again = await exportOf(narrow, 'json');
    expect(again.fileName).toBe('coffer-main-desk-eu-20250304-050607-json-2.zip');
  });

  it('fails cleanly when the store cannot be read, leaving no file', async () => {
    const folder = join(root, 'failing');
    mkdirSync(folder);
    const failed = runExportJob({ dbPath: join(root, 'missing.db'), filter: {}, format: 'csv', folder, profileName: 'x', account: 'y' }, jobDeps);
    await expect(failed).rejects.toMatchObject({ code: 'EXPORT_FAILED', message: expect.stringMatching(/^The export failed: /) });
    expect(readdirSync(folder)).toEqual([]);
  });

  it('refuses a folder that does not exist, on the folder field; makes the default one', async () => {
    await expect(exportFolder(join(root, 'nope'), null, root)).rejects.toMatchObject({ field: 'folder', message: expect.stringContaining('does not exist') });
    writeFileSync(join(root, 'a-file'), '');
    await expect(exportFolder(join(root, 'a-file'), null, root)).rejects.toMatchObject({ field: 'folder' });
    expect(await exportFolder(undefined, null, root)).toBe(join(root, 'exports'));
    expect(existsSync(join(root, 'exports'))).toBe(true);
  });

  describe('reviewed', () => {
    let reviews: ReviewSessions;
    const events: Array<{ phase: string; done: number; total: number }> = [];
    const reviewRoot = join(root, 'reviews');

    beforeAll(() => {
      mkdirSync(reviewRoot);
      reviews = new ReviewSessions({ trustedKeys: () => trustOnly(desk), progress: (event) => events.push(event), workerScript: SOURCE_WORKER, tmpRoot: reviewRoot });
    });
    afterAll(() => reviews.closeAll());

    async function handOver(path: string): Promise<string> {
      const { reviewId } = await reviews.begin({ fileName: 'export.zip', size: statSync(path).size });
      await reviews.receive(reviewId, createReadStream(path, { highWaterMark: 64 * 1024 }));
      return reviewId;
    }

    it('loads an intact export and answers exactly as the store does', async () => {
      const reviewId = await handOver(csv.path);
      const report = await reviews.finish(reviewId);
      expect(report).toMatchObject({ verified: true, loaded: true, loading: false, rows: ROWS.length, problems: [] });
      expect(report.manifest).toMatchObject({ profileName: 'Main desk (EU)', account: 'https://api.example.test (API v3)', rowCount: ROWS.length });
      expect(events.some((event) => event.phase === 'loading' && event.done === ROWS.length)).toBe(true);
      for (const filter of [{}, { currencies: ['SHIB'] }, { text: 'sum' }, { statuses: ['SUCCESS'], direction: 'in' as const }]) {
        expect(reviews.summary(reviewId, filter)).toEqual(query.summary(filter));
        expect(reviews.flows(reviewId, filter)).toEqual(query.flows(filter));
      }
      const window = { filter: {}, offset: 2_500, limit: 100 };
      expect(reviews.rows(reviewId, window)).toEqual(query.rows(window));
      expect(await reviews.finish(reviewId)).toEqual(report);
    });

    it('answers the verdict with the first rows while the rest load, and nothing counted over every row before they are in', async () => {
      const reviewId = await handOver(csv.path);
      const first = await reviews.finish(reviewId, { firstRows: true });
      // Main hears of the load's end in a later task: what it answers now is what the page sees while loading.
      expect(first).toMatchObject({ verified: true, loaded: true, loading: true, rows: ROWS.length, problems: [] });
      const top = { filter: {}, offset: 0, limit: 50 };
      // The file's first rows in its order: an export lists the oldest first.
      const oldest = query.rows({ filter: {}, offset: ROWS.length - 50, limit: 50 });
      expect(reviews.rows(reviewId, top)).toEqual({ ...oldest, rows: oldest.rows.reverse(), total: FIRST_ROWS });
      expect(reviews.rows(reviewId, { ...top, offset: FIRST_ROWS - 10 }).rows).toEqual(query.rows({ filter: {}, offset: ROWS.length - FIRST_ROWS, limit: 10 }).rows.reverse());
      const stillLoading = expect.objectContaining({ code: 'NOT_LOADED', message: expect.stringContaining('still being loaded') });
      expect(() => reviews.summary(reviewId, {})).toThrow(stillLoading);
      expect(() => reviews.flows(reviewId, {})).toThrow(stillLoading);
      expect(() => reviews.rows(reviewId, { ...top, filter: { currencies: ['BTC'] } })).toThrow(stillLoading);
      await reviews.settled(reviewId, { currencies: ['BTC'] });
      expect(reviews.summary(reviewId, {})).toEqual(query.summary({}));
      expect(reviews.rows(reviewId, { ...top, offset: 2_900 })).toEqual(query.rows({ ...top, offset: 2_900 }));
      expect(await reviews.finish(reviewId)).toEqual({ ...first, loading: false });
    });

    it('loads a JSON export from transactions.json, and a Koinly export from its transactions.csv', async () => {
      for (const exported of [json, koinly]) {
        const reviewId = await handOver(exported.path);
        expect(await reviews.finish(reviewId)).toMatchObject({ verified: true, loaded: true, rows: json.rows });
        // Facets describe the whole store (the export holds only the filtered rows); totals must agree.
        const { facets: _reviewed, ...reviewed } = reviews.summary(reviewId, {});
        const { facets: _stored, ...stored } = query.summary(narrow);
        expect(reviewed).toEqual(stored);
        const window = { filter: {}, offset: 0, limit: 50 };
        expect(reviews.rows(reviewId, window).rows).toEqual(query.rows({ ...window, filter: narrow }).rows);
      }
    });

    it('takes the file once and exactly the size announced; a stream that fails may be sent again', async () => {
      const { reviewId } = await reviews.begin({ fileName: 'small.zip', size: 10 });
      await expect(reviews.receive(reviewId, [Buffer.alloc(6), Buffer.alloc(5)])).rejects.toMatchObject({ code: 'TOO_LARGE', field: 'size' });
      await expect(reviews.receive(reviewId, [Buffer.alloc(6)])).rejects.toMatchObject({ message: 'Only 6 of the 10 bytes of small.zip arrived' });
      await expect(reviews.finish(reviewId)).rejects.toMatchObject({ message: 'Only 0 of 10 bytes of small.zip have arrived' });
      const broken = (async function* () {
        yield Buffer.alloc(4);
        throw new Error('the connection was reset');
      })();
      await expect(reviews.receive(reviewId, broken)).rejects.toThrow('the connection was reset');
      expect(await reviews.receive(reviewId, [Buffer.alloc(4), Buffer.alloc(6)])).toEqual({ received: 10 });
      await expect(reviews.receive(reviewId, [Buffer.alloc(10)])).rejects.toMatchObject({ message: 'The file was already handed over in full' });
      await reviews.close(reviewId);
    });

    it('reviews a file main reads from the path the desktop app’s dialog picked', async () => {
      const picked = new ReviewSessions({ trustedKeys: () => trustOnly(desk), progress: () => undefined, workerScript: SOURCE_WORKER, tmpRoot: reviewRoot, chooseFile: async () => csv.path });
      const chosen = await picked.choose();
      expect(chosen).toMatchObject({ fileName: basename(csv.path), size: statSync(csv.path).size });
      expect(await picked.finish((chosen as { reviewId: string }).reviewId)).toMatchObject({ verified: true, loaded: true, rows: ROWS.length });
      await picked.closeAll();
      await expect(reviews.choose()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    });

    it('refuses a file larger than any export before making room for it', async () => {
      const before = readdirSync(reviewRoot);
      await expect(reviews.begin({ fileName: 'huge.zip', size: MAX_REVIEW_FILE_BYTES + 1 })).rejects.toMatchObject({
        field: 'size', message: 'huge.zip is larger than any export Coffer writes (its data is 1 GiB at most)',
      });
      expect(readdirSync(reviewRoot)).toEqual(before);
      const { reviewId } = await reviews.begin({ fileName: 'largest.zip', size: MAX_REVIEW_FILE_BYTES });
      await reviews.close(reviewId);
    });

    it('does not load a changed export, and says why', async () => {
      const bytes = readFileSync(csv.path);
      const damaged = Buffer.from(bytes);
      damaged[2_000] = (damaged[2_000] as number) ^ 0x55;
      const path = join(root, 'damaged.zip');
      writeFileSync(path, damaged);
      const reviewId = await handOver(path);
      const report = await reviews.finish(reviewId);
      expect(report).toMatchObject({ verified: false, loaded: false, rows: 0 });
      expect(report.problems.map((problem) => problem.kind)).toContain('fileChanged');
      expect(() => reviews.summary(reviewId, {})).toThrow(expect.objectContaining({ code: 'NOT_LOADED', field: 'reviewId' }));
    });

    it('closes a review while its rows load: the load stops and its folder goes', async () => {
      await reviews.closeAll();
      const reviewId = await handOver(csv.path);
      await reviews.finish(reviewId, { firstRows: true });
      // Its outcome is taken at once: the close below makes it settle while this test still waits.
      const complete = reviews.finish(reviewId).then((report) => ({ report }), (error: unknown) => ({ error }));
      await reviews.close(reviewId);
      // Stopped, or (had the last row been stored already) not loaded: never rows of a closed review.
      const outcome = await complete;
      if ('report' in outcome) expect(outcome.report.loaded).toBe(false);
      else expect(outcome.error).toMatchObject({ code: 'REVIEW_FAILED' });
      expect(readdirSync(reviewRoot)).toEqual([]);
      expect(() => reviews.rows(reviewId, { filter: {}, offset: 0, limit: 1 })).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    });

    it('keeps at most four reviews, closing the oldest, and deletes what a closed review wrote', async () => {
      await reviews.closeAll();
      const ids = [];
      for (let n = 0; n <= MAX_SESSIONS; n += 1) ids.push((await reviews.begin({ fileName: `f${n}.zip`, size: 1 })).reviewId);
      expect(readdirSync(reviewRoot)).toHaveLength(MAX_SESSIONS);
      await expect(reviews.receive(ids[0] as string, [Buffer.alloc(1)])).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await reviews.closeAll();
      expect(readdirSync(reviewRoot)).toEqual([]);
    });
  });
});
