// The audit operations, one handler each. None holds the event loop for long: a page is bounded,
// the export is one bounded chunk per call, and the chain check yields between chunks. A check
// asked for while one runs joins it, so every caller (and the progress events) follow one walk.
import type { AuditOperations, AuditVerification, AuditVerifyProgress } from '../../../preload/contract/audit';
import type { Result } from '../../../preload/contract/result';
import { guarded } from '../dispatch';
import type { AuditLog } from './audit-log';

export type AuditHandlers = {
  [K in keyof AuditOperations]: (request: AuditOperations[K]['request']) => Promise<Result<AuditOperations[K]['result']>>;
};

export function createAuditHandlers(audit: AuditLog, verifyProgress: (progress: AuditVerifyProgress) => void): AuditHandlers {
  let running: Promise<AuditVerification> | null = null;

  function verifyOnce(): Promise<AuditVerification> {
    running ??= audit.verifyInChunks(verifyProgress).finally(() => {
      running = null;
    });
    return running;
  }

  return {
    listAudit: guarded('listAudit', async (filter) => audit.list(filter)),
    exportAuditCsvChunk: guarded('exportAuditCsvChunk', async (request) => audit.exportChunk(request)),
    verifyAudit: guarded('verifyAudit', async () => verifyOnce()),
  };
}
