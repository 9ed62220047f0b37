// Where a profile's history store lives: <dataDir>/history/<profileId>.db. The exporter and the
// command line open it by this path (read-only), the store itself read-write.
import { join } from 'node:path';

export const HISTORY_DIR = 'history';

export function historyStoreFile(dataDir: string, profileId: string): string {
  // Profile ids are the app's own (uuid-like); anything else is encoded so it stays one file name.
  const name = /^[A-Za-z0-9_-]{1,100}$/.test(profileId) ? profileId : encodeURIComponent(profileId).replace(/[.%]/g, '_');
  return join(dataDir, HISTORY_DIR, `${name}.db`);
}
