// Seeds a sandbox database file ahead of the sandbox's start, so a launcher can do it while other
// work goes on (the app's core loading) instead of after. The seed is the one startSandbox would
// write into an empty file at that moment: it reads no market and no key pair (the master key is
// set at start), so starting on the prepared file later gives the same world. The master's wallet
// transactions are left to the start, which writes them once it listens (seed/late-history.ts). An
// existing file is left to the start, which seeds it if it is empty.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { SandboxClock } from '../clock';
import { createContext, type RateSource } from '../context';
import { openDatabase } from '../db/open';
import type { SandboxOptions } from '../options';
import { seedIfEmpty } from './seed';

const NO_MARKET: RateSource = { rate: () => null };

export type PrepareOptions = Pick<SandboxOptions, 'seed' | 'lightSeed' | 'seededHistory'> & { db: string };

export function prepareSandboxDb(options: PrepareOptions): void {
  // A file there is this sandbox's from an earlier launch: opening it twice would only cost time.
  if (existsSync(options.db)) return;
  mkdirSync(dirname(options.db), { recursive: true });
  const db = openDatabase(options.db);
  try {
    const ctx = createContext(db, new SandboxClock(), options.seed ?? 1, NO_MARKET);
    seedIfEmpty(ctx, { lightSeed: options.lightSeed, seededHistory: options.seededHistory, historyLater: true });
  } finally {
    db.close();
  }
}
