// Audit log figures: append rate (each append its own IMMEDIATE transaction, as in the app),
// verify() over the whole chain, a filtered text search page and the CSV export.
// Run: npx tsx test/bench/audit.ts [entries]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAuditLog } from '../../main/core/audit/audit-log';
import { auditCsv } from '../../main/core/audit/csv';

const count = Number.parseInt(process.argv[2] ?? '20000', 10);
const dir = mkdtempSync(join(tmpdir(), 'coffer-audit-bench-'));
const log = openAuditLog(dir, { osUser: 'bench' });

function timed<T>(label: string, run: () => T): T {
  const started = process.hrtime.bigint();
  const value = run();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(`${label.padEnd(34)} ${ms.toFixed(1).padStart(9)} ms`);
  return value;
}

try {
  timed(`append ${count} entries`, () => {
    for (let i = 0; i < count; i += 1) {
      log.append({
        profileId: 'p1', profileName: 'Treasury', action: i % 2 === 0 ? 'prepare' : 'commit', phase: i % 2 === 0 ? 'attempt' : 'result',
        correlationId: `c-${i >> 1}`, outcome: i % 2 === 0 ? 'sent' : 'ok', currency: 'BTC', amount: `0.${String(i).padStart(8, '0')}`,
        address: `bc1qbench${i}`, network: 'BTC', txId: i % 2 === 0 ? null : String(100_000 + i),
      });
    }
  });
  const verification = timed('verify() whole chain', () => log.verify());
  console.log(`  → ${JSON.stringify(verification)}`);
  const page = timed('list({text}) first page', () => log.list({ text: '10042' }));
  console.log(`  → ${page.total} matches`);
  const csv = timed('CSV export of every entry', () => auditCsv(log.all()));
  console.log(`  → ${(csv.length / 1e6).toFixed(1)} MB`);
  const memory = process.memoryUsage();
  console.log(`rss ${(memory.rss / 1e6).toFixed(0)} MB, heap ${(memory.heapUsed / 1e6).toFixed(0)} MB`);
} finally {
  log.close();
  rmSync(dir, { recursive: true, force: true });
}
