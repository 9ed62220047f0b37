// One call for the app's wiring: opens audit.db and withdrawals.db in the data directory and
// returns the wallet, withdrawal and ledger handlers over the active profile's session.
import type Database from 'better-sqlite3';
import { openAuditLog } from '../audit/audit-log';
import { createPendingStore } from '../pending/store';
import { openWithdrawalStore } from '../withdrawals/store';
import { createWalletHandlers, type WalletCore, type WalletEmitter, type WalletHandlersDeps, type WalletSession } from './handlers';

export interface OpenWalletCoreOptions {
  dataDir: string;
  /** coffer.db, which holds the ledger of money moves. */
  db: Database.Database;
  events: WalletEmitter;
  session(): Promise<WalletSession>;
  connectionState?: WalletHandlersDeps['connectionState'];
  nativeBinding?: string;
}

export function openWalletCore(options: OpenWalletCoreOptions): WalletCore {
  const audit = openAuditLog(options.dataDir, { nativeBinding: options.nativeBinding });
  let store;
  try {
    store = openWithdrawalStore(options.dataDir, { nativeBinding: options.nativeBinding });
  } catch (error) {
    audit.close();
    throw error;
  }
  const core = createWalletHandlers({ audit, store, pending: createPendingStore(options.db), events: options.events, session: options.session,
    connectionState: options.connectionState,
  });
  return {
    ...core,
    close() {
      core.close();
      store.close();
      audit.close();
    },
  };
}
