// Opens one file for review as the app does (ReviewSessions: the file streamed in, then
// checked and loaded in the export worker) in a process of its own, and prints what came of it
// with the time taken and the process's memory: its resident size before the review began and its
// peak (maxRSS, which counts the worker thread too).
// Run: tsx test/integration/exports/review-probe.ts <file> <temporary folder>
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { AppFailure } from '../../../main/core/app-error';
import { ReviewSessions } from '../../../main/core/exports/review/sessions';
import { SOURCE_WORKER } from '../../../main/core/exports/worker-thread';

export interface ProbeOutcome {
  ms: number;
  rssBeforeBytes: number;
  peakRssBytes: number;
  report?: { loaded: boolean; problems: Array<{ kind: string; message: string }> };
  failure?: { code: string; message: string };
}

async function probe(path: string, tmpRoot: string): Promise<ProbeOutcome> {
  const rssBeforeBytes = process.memoryUsage().rss;
  const started = performance.now();
  const sessions = new ReviewSessions({ trustedKeys: () => [], progress: () => undefined, workerScript: SOURCE_WORKER, tmpRoot });
  const { size } = await stat(path);
  const { reviewId } = await sessions.begin({ fileName: 'hostile.zip', size });
  await sessions.receive(reviewId, createReadStream(path));
  const outcome: Omit<ProbeOutcome, 'ms' | 'rssBeforeBytes' | 'peakRssBytes'> = {};
  try {
    const report = await sessions.finish(reviewId);
    outcome.report = { loaded: report.loaded, problems: report.problems.map(({ kind, message }) => ({ kind, message })) };
  } catch (error) {
    outcome.failure = error instanceof AppFailure ? { code: error.code, message: error.message } : { code: 'THROWN', message: String(error) };
  }
  const ms = performance.now() - started;
  await sessions.closeAll();
  return { ms, rssBeforeBytes, peakRssBytes: process.resourceUsage().maxRSS * 1024, ...outcome };
}

const [path, tmpRoot] = process.argv.slice(2);
if (path !== undefined && tmpRoot !== undefined) {
  probe(path, tmpRoot).then(
    (outcome) => process.stdout.write(`${JSON.stringify(outcome)}\n`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
