// npm run bench — every bench in turn, one child process each (so each has the machine and its own
// peak RSS), then every goal line again with the count of misses. `npm run bench -- --check` exits
// non-zero when any goal is missed; `-- --only history` runs the benches whose name contains it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { goalLine, type GoalResult } from './goals';

const ROOT = resolve(__dirname, '../..');
const BENCHES = [
  'sandbox-rest', 'sandbox-stream', 'sandbox-pages', 'client', 'audit', 'host-startup', 'host-flood',
  'history-sync', 'history-filter', 'history-filter-page', 'history-export', 'history-bulk-load', 'review-open', 'startup', 'team-desks',
];
const NEEDS_BUILD = new Set(['host-startup', 'startup', 'history-filter-page', 'review-open']);

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): number {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
  return result.status ?? 1;
}

function main(): number {
  const check = process.argv.includes('--check');
  const only = option('--only');
  const chosen = BENCHES.filter((name) => only === undefined || name.includes(only));
  const dir = mkdtempSync(join(tmpdir(), 'coffer-bench-goals-'));
  const goalsFile = join(dir, 'goals.jsonl');
  const env = { ...process.env, COFFER_BENCH_GOALS: goalsFile };
  const failed: string[] = [];
  try {
    if (chosen.some((name) => NEEDS_BUILD.has(name)) && run('npx', ['electron-vite', 'build'], env) !== 0) failed.push('build');
    for (const name of chosen) {
      console.log(`\n== ${name}`);
      if (run('npx', ['tsx', join('test/bench', `${name}.ts`)], env) !== 0) failed.push(name);
    }
    const results: GoalResult[] = existsSync(goalsFile)
      ? readFileSync(goalsFile, 'utf8').split('\n').filter((text) => text !== '').map((text) => JSON.parse(text) as GoalResult)
      : [];
    const missed = results.filter((result) => !result.met);
    console.log(`\n== goals: ${results.length - missed.length} of ${results.length} met`);
    for (const result of results) console.log(goalLine(result));
    if (failed.length > 0) console.log(`benches that failed to run: ${failed.join(', ')}`);
    return check && (missed.length > 0 || failed.length > 0) ? 1 : failed.length > 0 ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exit(main());
