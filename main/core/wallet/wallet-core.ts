// One call for the app's wiring: opens audit.db and withdrawals.db in the data directory and
// returns issue 5's handlers over the active profile's session.
import { openAuditLog } from '../audit/audit-log';
import { openWithdrawalStore } from '../withdrawals/store';
import { createWalletHandlers, type WalletCore, type WalletEmitter, type WalletHandlersDeps, type WalletSession } from './handlers';

export interface OpenWalletCoreOptions {
  dataDir: string;
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
  const core = createWalletHandlers({ audit, store, events: options.events, session: options.session,
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
