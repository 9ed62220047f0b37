// Balance lists shared by the wallet and trading streams.
import Decimal from '../decimal';
import type { SandboxContext } from '../context';
import type { BalanceSide } from '../db/balances';

export interface BalanceEntry {
  currency: string;
  available: string;
  reserved: string;
}

export function nonZeroBalances(ctx: SandboxContext, accountId: number, side: BalanceSide): BalanceEntry[] {
  return ctx.balances.all(accountId, side)
    .filter((b) => !(new Decimal(b.available).isZero() && new Decimal(b.reserved).isZero()))
    .map((b) => ({ currency: b.currency, available: b.available, reserved: b.reserved }));
}
