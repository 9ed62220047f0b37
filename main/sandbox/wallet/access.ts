// Small helpers shared by the account-side routes.
import { canTransact, type Account } from '../db/accounts';
import type { SandboxContext } from '../context';
import type { RouteContext } from '../http/route';
import { errors } from '../http/errors';
import { errorsOfAccount } from './withdraw';

/** The caller's account id (routes with a right always have a key). */
export function callerId(route: RouteContext): number {
  if (!route.key) throw errors.authRequired();
  return route.key.accountId;
}

/** The caller's account, refused with 10021 when frozen or disabled (it cannot transact). */
export function activeCaller(ctx: SandboxContext, route: RouteContext): Account {
  const account = ctx.accounts.get(callerId(route));
  if (!account || !canTransact(account.status)) throw errorsOfAccount.disabled();
  return account;
}
