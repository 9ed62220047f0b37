// Audit log figures: append rate (each append its own IMMEDIATE transaction, as in the app), a
// filtered text search page, and the CSV export and chain check as main runs them (in chunks,
// yielding between) against the old way (one query + one join into one frame; one walk).
// Each export and check runs in a child process of its own, so its peak memory (maxRSS) is its
// own; the longest event-loop stall comes from perf_hooks.monitorEventLoopDelay. Every child first
// warms the code both ways share (one export window, one slice of the chain), as in a main
// process that has been running: a cold first chunk costs several times a warm one.
// Run: npx tsx test/bench/audit.ts [entries]
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { openAuditLog, type AuditLog } from '../../main/core/audit/audit-log';
import { startChainCheck, VERIFY_CHUNK } from '../../main/core/audit/chain-check';
import { AUDIT_CSV_HEADER, auditCsvLines } from '../../main/core/audit/csv';
import { AUDIT_DB_FILE } from '../../main/core/audit/schema';
import type { AuditExportRequest } from '../../preload/contract/audit';
import { sampleEntry } from '../unit/audit/seed-audit';

const TASKS = {
  /** The export before chunking: every entry in one query, one string, one frame. */
  'export, one frame': async (log: AuditLog) => {
    const frame = JSON.stringify({ ok: true, value: { fileName: 'x.csv', csv: AUDIT_CSV_HEADER + auditCsvLines(log.all()) } });
    return frame.length;
  },
  /** The export now: a chunk per call, each framed as the transport frames it, the event loop free between. */
  'export, chunked': async (log: AuditLog) => {
    let bytes = 0;
    let request: AuditExportRequest = { filter: {} };
    for (;;) {
      const chunk = log.exportChunk(request);
      bytes += JSON.stringify({ ok: true, value: chunk }).length;
      if (chunk.next === null) return bytes;
      request = { filter: {}, cursor: chunk.next };
      await nextTurn(); // the renderer's next call arrives as a new message
    }
  },
  'verify, one walk': async (log: AuditLog) => JSON.stringify(log.verify()).length,
  'verify, chunked': async (log: AuditLog) => JSON.stringify(await log.verifyInChunks()).length,
} as const satisfies Record<string, (log: AuditLog) => Promise<number>>;

type TaskName = keyof typeof TASKS;

interface TaskFigures {
  ms: number;
  maxStallMs: number;
  rssBeforeMb: number;
  peakRssMb: number;
  bytes: number;
}

const MB = 1e6;
const RUNS = 3;

/** In the child: open the log, run one task under the event-loop monitor, report its figures. */
async function runTask(dir: string, name: TaskName): Promise<TaskFigures> {
  const log = openAuditLog(dir, { osUser: 'bench' });
  try {
    warmUp(dir, log);
    const rssBefore = process.memoryUsage().rss;
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    await sleep(20); // the monitor measures from its first tick: start the task after one
    const started = performance.now();
    const bytes = await TASKS[name](log);
    const ms = performance.now() - started;
    await sleep(20); // a timer turn, so the monitor records a final blocking stretch too
    delay.disable();
    return { ms, maxStallMs: delay.max / 1e6, rssBeforeMb: rssBefore / MB, peakRssMb: (process.resourceUsage().maxRSS * 1024) / MB, bytes };
  } finally {
    log.close();
  }
}

function warmUp(dir: string, log: AuditLog): void {
  log.exportChunk({ filter: {} });
  const db = new Database(join(dir, AUDIT_DB_FILE), { readonly: true });
  try {
    startChainCheck(db).step(VERIFY_CHUNK);
  } finally {
    db.close();
  }
}

function inChild(dir: string, name: TaskName): Promise<TaskFigures> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1] ?? '', ['--task', name, dir], { execArgv: process.execArgv });
    child.once('message', (figures) => resolve(figures as TaskFigures));
    child.once('exit', (code) => code === 0 || reject(new Error(`${name} exited with ${code}`)));
  });
}

function timed<T>(label: string, run: () => T): T {
  const started = process.hrtime.bigint();
  const value = run();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(`${label.padEnd(34)} ${ms.toFixed(1).padStart(9)} ms`);
  return value;
}

async function main(): Promise<void> {
  const count = Number.parseInt(process.argv[2] ?? '20000', 10);
  const dir = mkdtempSync(join(tmpdir(), 'coffer-audit-bench-'));
  const log = openAuditLog(dir, { osUser: 'bench' });
  try {
    timed(`append ${count} entries`, () => {
      for (let i = 0; i < count; i += 1) log.append(sampleEntry(i));
    });
    const page = timed('list({text}) first page', () => log.list({ text: '10042' }));
    console.log(`  → ${page.total} matches`);
    console.log(`\n${RUNS} runs of each, each run in a process of its own (the machine's other load shows up as stall):`);
    console.log(`${'task'.padEnd(18)} ${'time (median)'.padStart(13)}   ${'max event-loop stall per run'.padEnd(30)} ${'peak rss'.padStart(8)} ${'(at start)'.padStart(10)} ${'output'.padStart(8)}`);
    for (const name of Object.keys(TASKS) as TaskName[]) {
      const runs: TaskFigures[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await inChild(dir, name));
      const median = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(RUNS / 2)]!;
      const stalls = runs.map((f) => f.maxStallMs.toFixed(0)).join(' / ');
      console.log(
        `${name.padEnd(18)} ${`${median.ms.toFixed(0)} ms`.padStart(13)}   ${`${stalls} ms`.padEnd(30)} ` +
          `${`${Math.max(...runs.map((f) => f.peakRssMb)).toFixed(0)} MB`.padStart(8)} ${`(${median.rssBeforeMb.toFixed(0)} MB)`.padStart(10)} ` +
          `${`${(median.bytes / MB).toFixed(1)} MB`.padStart(8)}`,
      );
    }
  } finally {
    log.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--task') {
  const [name, dir] = [process.argv[3] as TaskName, process.argv[4] ?? ''];
  void runTask(dir, name).then((figures) => process.send?.(figures, () => process.exit(0)));
} else {
  void main();
}
