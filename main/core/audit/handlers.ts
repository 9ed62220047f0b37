// The audit operations, one handler each. None holds the event loop for long: a page is bounded,
// the export is one bounded chunk per call, and the chain check yields between chunks. A check
// asked for while one runs joins it, so every caller (and the progress events) follow one walk.
import type { AuditOperations, AuditVerification, AuditVerifyProgress } from '../../../preload/contract/audit';
import { ok } from '../../../preload/contract/result';
import type { Handlers } from '../dispatch';
import type { AuditLog } from './audit-log';

export function createAuditHandlers(audit: AuditLog, verifyProgress: (progress: AuditVerifyProgress) => void): Pick<Handlers, keyof AuditOperations> {
  let running: Promise<AuditVerification> | null = null;

  function verifyOnce(): Promise<AuditVerification> {
    running ??= audit.verifyInChunks(verifyProgress).finally(() => {
      running = null;
    });
    return running;
  }

  return {
    listAudit: async (filter) => ok(audit.list(filter)),
    exportAuditCsvChunk: async (request) => ok(audit.exportChunk(request)),
    verifyAudit: async () => ok(await verifyOnce()),
  };
}
