// Version 2's account methods (after login). api-v2.md leaves this location's methods "not shown";
// these are the names public version 2 clients use [likely]: subscribeTransactions (then
// updateTransaction with the /api/2/account/transactions record on every change),
// subscribeBalance (then balance: the account (wallet side) balances, at once and on each change),
// getBalance, and the matching unsubscribe methods; all need the right PAY.
import type { SandboxContext } from '../../context';
import { v2Transaction } from '../../v2/format';
import { nonZeroBalances, type BalanceEntry } from '../balances';
import type { MethodHandler, StreamSession } from '../session';
import { SessionSubscriptions } from '../subscriptions';
import { allNeeding } from './login';

export function accountMethods(ctx: SandboxContext): Record<string, MethodHandler> {
  const subscriptions = new SessionSubscriptions();
  const account = (s: StreamSession): number => s.accountId ?? 0;
  const balances = (s: StreamSession): BalanceEntry[] => nonZeroBalances(ctx, account(s), 'wallet');
  // The right of the REST calls that read the same records (/api/2/account/balance, /transactions).
  return allNeeding('PAY', {
    subscribeTransactions: (s) => {
      subscriptions.track(s, 'transactions', ctx.events.onTransaction((row) => {
        if (row.account_id === account(s)) s.notify('updateTransaction', v2Transaction(row));
      }));
      return true;
    },
    unsubscribeTransactions: (s) => subscriptions.untrack(s, 'transactions'),
    subscribeBalance: (s) => {
      // One notification for all the balances a ledger step changed; a currency that fell to zero
      // is listed once more (at zero) so a client merging entries does not keep its old amount.
      let changed: Map<string, BalanceEntry> | null = null;
      let live = true;
      const flush = (): void => {
        const zeroed = [...(changed?.values() ?? [])];
        changed = null;
        if (!live) return;
        const list = balances(s);
        s.notify('balance', [...list, ...zeroed.filter((z) => !list.some((b) => b.currency === z.currency))]);
      };
      const stop = ctx.events.onBalance((change) => {
        if (change.accountId !== account(s) || change.side !== 'wallet') return;
        if (changed === null) {
          changed = new Map();
          s.afterReply(flush);
        }
        changed.set(change.currency, { currency: change.currency, available: change.available, reserved: change.reserved });
      });
      subscriptions.track(s, 'balance', () => {
        live = false;
        stop();
      });
      s.notifySoon('balance', () => balances(s));
      return true;
    },
    unsubscribeBalance: (s) => subscriptions.untrack(s, 'balance'),
    getBalance: (s) => balances(s),
  });
}
