// Review folders hold an export's rows while it is open; closing a review deletes its folder, but
// a crash leaves it behind. Each folder's name carries the id of the process that made it, so at
// start the folders of processes that are gone are removed, and nothing else: another Coffer
// running now (a second data folder, the web host beside the app) keeps its reviews, and a folder
// that only looks similar, or is not a folder of this user's, is left alone. Folders named the
// older way, without a process id, are removed once a day old.
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

const PREFIX = 'coffer-review-';
const NAME = /^coffer-review-(\d+)-[A-Za-z0-9]{6}$/;
/** Named before folders carried their process id: whose they are is unknown, so only old ones go. */
const UNOWNED_NAME = /^coffer-review-[A-Za-z0-9]{6}$/;
const UNOWNED_AGE_MS = 24 * 60 * 60 * 1000;

/** The prefix mkdtemp completes: coffer-review-<pid>-XXXXXX. */
export function reviewFolderPrefix(pid = process.pid): string {
  return `${PREFIX}${pid}-`;
}

/** Removes review folders under `root` left by processes that no longer run; returns their names. */
export async function removeLeftoverReviewFolders(root: string): Promise<string[]> {
  const names = await readdir(root).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const pid = NAME.exec(name)?.[1];
    const unowned = pid === undefined;
    if (unowned ? !UNOWNED_NAME.test(name) : isRunning(Number(pid))) continue;
    const path = join(root, name);
    const found = await lstat(path).catch(() => null);
    if (found === null || !found.isDirectory() || !ownedByThisUser(found.uid)) continue;
    if (unowned && Date.now() - found.mtimeMs < UNOWNED_AGE_MS) continue;
    await rm(path, { recursive: true, force: true }).then(
      () => removed.push(name),
      () => undefined,
    );
  }
  return removed;
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as somebody else.
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

function ownedByThisUser(uid: number): boolean {
  return process.getuid === undefined || uid === process.getuid();
}
