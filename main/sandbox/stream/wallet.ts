// /api/3/ws/wallet: transaction and balance feeds, balance and transaction requests.
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { findCurrency } from '../catalog';
import type { SandboxContext } from '../context';
import { errors, validationError } from '../http/errors';
import { ParamReader } from '../http/params';
import { formatAmount } from '../wallet/money';
import { toTransactionRecord } from '../wallet/transaction-record';
import { listTransactions } from '../wallet/transaction-routes';
import { StreamSession, type MethodHandler, type SessionDeps } from './session';
import { nonZeroBalances } from './balances';
import { SessionSubscriptions } from './subscriptions';

export function createWalletStream(ctx: SandboxContext, deps: Omit<SessionDeps, 'kind'>): { handleConnection(ws: WebSocket, req: IncomingMessage): void } {
  const methods = walletMethods(ctx);
  return {
    handleConnection(ws, req) {
      new StreamSession(ws, req, { ...deps, kind: 'wallet' }, methods);
    },
  };
}

function walletMethods(ctx: SandboxContext): Record<string, MethodHandler> {
  const subscriptions = new SessionSubscriptions();
  const account = (session: StreamSession): number => session.accountId ?? 0;
  const transactions: MethodHandler = (s, r) => listTransactions(ctx, account(s), new ParamReader(r.params));
  return {
    subscribe_transactions: (s) => {
      subscriptions.track(s, 'transactions', ctx.events.onTransaction((row) => {
        if (row.account_id === account(s)) s.notify('transaction_update', toTransactionRecord(row));
      }));
      return true;
    },
    unsubscribe_transactions: (s) => subscriptions.untrack(s, 'transactions'),
    subscribe_wallet_balances: (s) => {
      subscriptions.track(s, 'balances', ctx.events.onBalance((change) => {
        if (change.accountId !== account(s) || change.side !== 'wallet') return;
        s.notify('wallet_balance_update', { currency: change.currency, available: change.available, reserved: change.reserved });
      }));
      // The snapshot follows the reply.
      s.notifySoon('wallet_balances', () => nonZeroBalances(ctx, account(s), 'wallet'));
      return true;
    },
    unsubscribe_wallet_balances: (s) => subscriptions.untrack(s, 'balances'),
    wallet_balances: (s) => nonZeroBalances(ctx, account(s), 'wallet'),
    wallet_balance: (s, r) => {
      const code = typeof r.params.currency === 'string' ? r.params.currency : '';
      if (code === '') throw validationError('currency', 'is required');
      const currency = findCurrency(code);
      if (!currency) throw errors.currencyNotFound(code);
      const row = ctx.balances.get(account(s), 'wallet', currency.code);
      const zero = formatAmount(0, currency.code);
      return { currency: currency.code, available: row?.available ?? zero, reserved: row?.reserved ?? zero };
    },
    get_transactions: transactions,
    transactions,
  };
}
