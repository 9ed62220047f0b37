// The export worker (built as out/main/export-worker.js): one job per thread, an export or the
// check-and-load of an export under review, so neither a million rows nor a 200 MB archive ever
// holds up the main process. A large export starts two more threads of this script as its line
// helpers (blocks/line-helper.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { lineHelperTask, type LineHelperData } from './blocks/line-helper';
import { exportTask, type ExportTaskData } from './export-task';
import { reviewTask, type ReviewTaskData } from './review/review-task';
import { workerChannel } from './worker-channel';

type TaskData = ExportTaskData | ReviewTaskData | LineHelperData;

async function run(data: TaskData): Promise<unknown> {
  if (parentPort === null) throw new Error('worker.ts runs only as a worker thread');
  if (data.kind === 'lines') return lineHelperTask(data, parentPort);
  const channel = workerChannel(parentPort);
  return data.kind === 'export' ? exportTask(data, channel) : reviewTask(data, channel);
}

run(workerData as TaskData).then(
  (result) => parentPort?.postMessage({ type: 'done', result }),
  (error: unknown) => parentPort?.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
);
