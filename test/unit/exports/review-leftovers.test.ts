// Review folders a crash left behind are removed at start, and nothing else is: not the folders
// of a Coffer still running (this process), not folders that only look alike, not a file with
// such a name, not a folder named the older way (no process id) that may still be in use. A
// review opened now gets a folder named for this process.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { removeLeftoverReviewFolders } from '../../../main/core/exports/review/leftovers';
import { ReviewSessions } from '../../../main/core/exports/review/sessions';
import { createExportServices } from '../../../main/core/exports/services';
import { SOURCE_WORKER } from '../../../main/core/exports/worker-thread';
import { openDatabase } from '../../../main/db/database';
import { createSettingsRepo } from '../../../main/db/settings-repo';
import { memorySecrets } from '../../integration/support/memory-secrets';

const root = mkdtempSync(join(tmpdir(), 'coffer-leftovers-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The id of a process that has run and ended. */
function endedPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('review folders left by a crash', () => {
  it('are removed, rows and all; the folders of running processes and look-alikes stay', async () => {
    const dead = endedPid();
    const crashed = `coffer-review-${dead}-Ab12Cd`;
    mkdirSync(join(root, crashed, 'nested'), { recursive: true });
    writeFileSync(join(root, crashed, 'export.zip'), 'rows');
    writeFileSync(join(root, crashed, 'nested', 'review.db'), 'rows');
    // Named the older way (no process id): removed once a day old, kept while it may be in use.
    const oldUnowned = 'coffer-review-Ab12Cd';
    mkdirSync(join(root, oldUnowned));
    const dayAndMinuteAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
    utimesSync(join(root, oldUnowned), dayAndMinuteAgo, dayAndMinuteAgo);
    const kept = [
      `coffer-review-${process.pid}-Zz99Yy`,
      `coffer-review-${dead}-short`,
      'coffer-review-Xy34Zw',
      `coffer-reviewer-${dead}-Ab12Cd`,
      `other-${dead}-Ab12Cd`,
    ];
    for (const name of kept) mkdirSync(join(root, name));
    const fileNamedLikeOne = `coffer-review-${dead}-Fi1e00`;
    writeFileSync(join(root, fileNamedLikeOne), 'not a folder');

    expect((await removeLeftoverReviewFolders(root)).sort()).toEqual([crashed, oldUnowned].sort());
    expect(readdirSync(root).sort()).toEqual([...kept, fileNamedLikeOne].sort());
  });

  it('a missing root is nothing to remove', async () => {
    expect(await removeLeftoverReviewFolders(join(root, 'absent'))).toEqual([]);
  });

  it('a review opened now lives in a folder named for this process, which a sweep keeps', async () => {
    const sessionsRoot = join(root, 'sessions');
    mkdirSync(sessionsRoot);
    const sessions = new ReviewSessions({ trustedKeys: () => [], progress: () => undefined, workerScript: SOURCE_WORKER, tmpRoot: sessionsRoot });
    const { reviewId } = await sessions.begin({ fileName: 'a.zip', size: 10 });
    const [folder] = readdirSync(sessionsRoot);
    expect(folder).toMatch(new RegExp(`^coffer-review-${process.pid}-[A-Za-z0-9]{6}$`));
    expect(await sessions.removeLeftovers()).toEqual([]);
    expect(existsSync(join(sessionsRoot, folder as string))).toBe(true);
    await sessions.close(reviewId);
    expect(readdirSync(sessionsRoot)).toEqual([]);
  });

  it('are removed from the system temporary folder when the export services start', async () => {
    const crashed = join(tmpdir(), `coffer-review-${endedPid()}-St4rt0`);
    mkdirSync(crashed);
    writeFileSync(join(crashed, 'export.zip'), 'rows');
    const dataDir = join(root, 'data');
    mkdirSync(dataDir);
    const db = openDatabase(dataDir);
    try {
      const services = createExportServices({
        secrets: memorySecrets(), settings: createSettingsRepo(db), profiles: { find: () => undefined }, events: { emit: () => undefined }, dataDir, appVersion: '0.1.0',
      });
      await vi.waitFor(() => expect(existsSync(crashed)).toBe(false));
      await services.close();
    } finally {
      db.close();
      rmSync(crashed, { recursive: true, force: true });
    }
  });
});
