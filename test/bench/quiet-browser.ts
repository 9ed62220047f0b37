// Waiting for the browser to fall quiet before a launch is clocked. Playwright's newPage() and
// close() return before Chromium has finished with them: a closed tab's renderer is torn down and
// a new tab's is started in the background for a few hundred milliseconds more. Clocked at once,
// a launch shares two cores with that work (measured: Chromium used about 1,300 ms of CPU in a
// relaunch's window instead of about 600 ms), which a user opening the app in a browser that is
// already running does not wait for. Linux only: the CPU times come from /proc.
import { readdirSync, readFileSync } from 'node:fs';

/** Kernel clock ticks per second (USER_HZ), the unit of /proc's CPU times. */
const TICKS_PER_SECOND = 100;
const WINDOW_MS = 200;
/** Quiet: the whole tree used less than this share of one core over a window. */
const QUIET_SHARE = 0.1;
const GIVE_UP_MS = 3_000;

/** CPU time (ms) used so far by every process descended from `root`, not counting `root` itself. */
export function descendantsCpuMs(root: number): number {
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // the process ended while the list was read
    }
    // The fields after the command's name, which may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parents.set(Number(name), Number(fields[1]));
    cpu.set(Number(name), ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
  }
  let total = 0;
  for (const [pid, ms] of cpu) {
    for (let up = parents.get(pid); up !== undefined && up > 1; up = parents.get(up)) {
      if (up === root) {
        total += ms;
        break;
      }
    }
  }
  return total;
}

/**
 * Resolves once the processes this one started (the browser's, here) used under 10 % of a core
 * for 200 ms, or after 3 s; returns how long it waited.
 */
export async function browserQuiet(): Promise<number> {
  const started = performance.now();
  let before = descendantsCpuMs(process.pid);
  while (performance.now() - started < GIVE_UP_MS) {
    await new Promise((done) => setTimeout(done, WINDOW_MS));
    const after = descendantsCpuMs(process.pid);
    if (after - before < WINDOW_MS * QUIET_SHARE) break;
    before = after;
  }
  return performance.now() - started;
}
