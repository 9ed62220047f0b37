// Where a profile's history store lives: <dataDir>/history/<profileId>.db. The exporter and the
// command line open it by this path (read-only), the store itself read-write.
import { join } from 'node:path';

export const HISTORY_DIR = 'history';

export function historyStoreFile(dataDir: string, profileId: string): string {
  // Profile ids are the app's own (uuid-like) and stay as they are; any other character becomes
  // _XX (its code in hex, '_' included), so two ids never share a file and a name never leaves the folder.
  const name = profileId.replace(/[^A-Za-z0-9-]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return join(dataDir, HISTORY_DIR, `${name}.db`);
}
