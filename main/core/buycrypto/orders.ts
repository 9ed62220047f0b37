// A provider's order as the pages show it (its status in words), and the incoming deposit that
// delivered a completed order: the wallet transaction under the order's own operation id, or else
// the one whose buy-crypto details (meta) name the order's address, currency and amount.
import Decimal from '../../../preload/contract/decimal';
import type { BuyDeposit, BuyOrderView } from '../../../preload/contract/buycrypto';
import type { BuyCryptoOrder, Transaction } from '../../exchange/domain';

const STATUS_WORDS: Readonly<Record<string, string>> = {
  initial: 'Waiting for payment at the provider',
  in_progress: 'Paid; the provider is sending the coins',
  completed: 'Completed: the coins arrived',
  failed: 'Failed at the provider: no coins were sent',
  expired: 'Expired: the checkout was not paid in time',
};

const OPEN_STATUSES = new Set(['initial', 'in_progress']);

export function statusText(status: string): string {
  return STATUS_WORDS[status] ?? `The provider says "${status}"`;
}

export interface OrderNames {
  providerName: string;
  methodName: string | null;
}

/** The order as the pages show it; its deposit is attached once found (see matchDeposit). */
export function toOrderView(order: BuyCryptoOrder, providerId: string, names: OrderNames): BuyOrderView {
  const status = order.status.trim().toLowerCase();
  return {
    id: order.id,
    providerId: order.providerId || providerId,
    providerName: names.providerName,
    methodName: names.methodName,
    source: order.sourceCode.toUpperCase(),
    target: order.targetCode.toUpperCase(),
    network: order.targetNetworkCode?.toUpperCase() ?? null,
    pay: order.sourceAmount?.toFixed() ?? null,
    receive: order.targetAmount?.toFixed() ?? null,
    status,
    statusText: statusText(status),
    open: OPEN_STATUSES.has(status),
    walletAddress: order.walletAddress ?? null,
    checkoutUrl: order.checkoutUrl ?? null,
    createdAt: order.createdAt ?? null,
    operationId: order.operationId ?? null,
    deposit: null,
  };
}

/**
 * The deposit that delivered the order, from incoming transactions (`taken` holds ids already
 * matched to other orders). The operation id decides when both carry one; otherwise every detail
 * of the meta must agree, and the deposit cannot predate the order.
 */
export function matchDeposit(order: BuyOrderView, transactions: readonly Transaction[], taken: ReadonlySet<string>): BuyDeposit | null {
  const free = transactions.filter((tx) => tx.type === 'DEPOSIT' && !taken.has(tx.id));
  if (order.operationId !== null) {
    const own = free.find((tx) => tx.operationId === order.operationId);
    if (own !== undefined) return toDeposit(own, 'operationId');
  }
  const byMeta = free.find((tx) => metaMatches(order, tx));
  return byMeta === undefined ? null : toDeposit(byMeta, 'meta');
}

function metaMatches(order: BuyOrderView, tx: Transaction): boolean {
  const meta = tx.meta;
  if (tx.subtype !== 'BUY_CRYPTO' || meta === undefined || order.walletAddress === null) return false;
  if (meta.walletAddress !== order.walletAddress || tx.currency.toUpperCase() !== order.target) return false;
  if (meta.targetAmount === undefined || !tx.amount.abs().equals(meta.targetAmount)) return false;
  if (order.receive !== null && !meta.targetAmount.equals(new Decimal(order.receive))) return false;
  if (order.createdAt === null) return true;
  const created = Date.parse(order.createdAt);
  return !Number.isFinite(created) || Date.parse(tx.createdAt) >= created;
}

function toDeposit(tx: Transaction, matchedBy: BuyDeposit['matchedBy']): BuyDeposit {
  return {
    transactionId: tx.id, amount: tx.amount.abs().toFixed(), currency: tx.currency, network: tx.networkCode ?? null,
    hash: tx.hash ?? null, at: tx.createdAt, matchedBy,
  };
}
