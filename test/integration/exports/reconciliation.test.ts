// The whole history of the sandbox's seeded master (funding deposits, its wallet history, moves
// between wallet and spot, and its spot trades as legs), synced by the app into its store and
// exported as Coffer's CSV: per currency, what the file says moved (in − out − fee; the moves
// between wallet and spot left out, as they leave the total alone) is exactly the account's
// wallet + spot balance now, as the service lists it. The seeded master starts from nothing, so
// its opening balance is zero and the rows alone must reach the closing one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import { runExportJob } from '../../../main/core/exports/export-job';
import { SOURCE_WORKER } from '../../../main/core/exports/worker-thread';
import { historyStoreFile } from '../../../main/core/history/store-file';
import { startHistoryHarness, waitForSync, type Desk, type Harness } from '../history/harness';
import { entryText, testKey } from '../../unit/exports/signed-export';
import { exportedNetPerCurrency } from './exported-sums';

const MASTER = 'master@sandbox.test';
const desk = testKey();
const out = mkdtempSync(join(tmpdir(), 'coffer-reconcile-'));
let h: Harness;
let synced: Desk;

interface SideBalance { currency: string; available: string; reserved: string }

beforeAll(async () => {
  h = await startHistoryHarness({ lightSeed: false, seededHistory: 300 });
  synced = await h.openDesk(MASTER, { live: false });
  await waitForSync(synced, (status) => status.phase === 'live', 60_000);
}, 120_000);

afterAll(async () => {
  await h?.close();
  rmSync(out, { recursive: true, force: true });
});

describe('an export of the seeded master\'s whole history', () => {
  it('moves each currency from nothing to exactly its wallet + spot balance now', async () => {
    const result = await runExportJob(
      { dbPath: historyStoreFile(synced.dataDir, synced.profileId), filter: {}, format: 'csv', folder: out, profileName: 'Master', account: 'sandbox' },
      {
        workerScript: SOURCE_WORKER, appVersion: '0.1.0', progress: () => undefined,
        signer: async () => ({ info: { publicKey: desk.publicKey, fingerprint: desk.fingerprint, createdAt: '2025-01-01T00:00:00.000Z' }, sign: desk.sign }),
      },
    );
    const text = await entryText(result.path, 'transactions.csv');
    expect(text).toContain(',TRADE,SPOT_');
    const moved = exportedNetPerCurrency(text, true);

    const sides = await Promise.all([h.truth<SideBalance[]>(MASTER, '/api/3/wallet/balance'), h.truth<SideBalance[]>(MASTER, '/api/3/spot/balance')]);
    const held = new Map<string, Decimal>();
    for (const b of sides.flat()) held.set(b.currency, (held.get(b.currency) ?? new Decimal(0)).plus(b.available).plus(b.reserved));

    const currencies = [...new Set([...moved.keys(), ...held.keys()])].sort();
    const show = (sums: Map<string, Decimal>) => Object.fromEntries(currencies.map((c) => [c, (sums.get(c) ?? new Decimal(0)).toFixed()]));
    expect(show(moved)).toEqual(show(held));
    expect(currencies.length).toBeGreaterThan(3);
  });
});
