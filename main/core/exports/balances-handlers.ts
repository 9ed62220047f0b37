// The balances export in the active profile's scope: the day's balances as the portfolio gives
// them, written to Coffer's export folder or one the user chose (export-folders.ts) as one signed .zip.
import type { PortfolioExportOperations } from '../../../preload/contract/portfolio';
import { fail, ok } from '../../../preload/contract/result';
import type { Handlers } from '../dispatch';
import type { PortfolioService } from '../portfolio/port';
import { runBalancesExport } from './balances-export';
import type { ExportHandlerDeps, ExportScope } from './handlers';

export interface BalancesExportScope extends ExportScope {
  portfolio: Pick<PortfolioService, 'balancesOnDate'>;
}

export function balancesExportHandlers(scope: BalancesExportScope, deps: ExportHandlerDeps): Pick<Handlers, keyof PortfolioExportOperations> {
  return {
    exportBalancesOnDate: async ({ folder: asked, ...day }) => {
      // The folder first: a wrong one is said before the balances are worked out.
      const folder = await deps.folders.resolve(asked);
      const balances = await scope.portfolio.balancesOnDate(day);
      // A signed file is evidence: while the first read of the history runs, older days may still
      // change, so nothing is signed until the past is known.
      if (balances.syncing) return fail('HISTORY_SYNCING', 'The history is still being read: export the balances once it is complete', 'day');
      const result = await runBalancesExport(
        { balances, folder, profileName: scope.profile.name, account: deps.account(scope.profile.id) },
        { signer: deps.signer, appVersion: deps.appVersion, now: deps.now },
      );
      return ok(result);
    },
  };
}
