// Placing an order: every check of the preview runs again, then the order is sent once through
// the pending ledger under a client order id Coffer makes, between two audit entries. A lost
// answer leaves the ledger's move uncertain; the reconciler settles it from the active orders and
// the order history by that id (found or absent), and it is never sent again.
import { randomBytes } from 'node:crypto';
import type { OrderDraft, PlaceOrderResult } from '../../../preload/contract/orders';
import type { TreasuryApi } from '../../exchange/treasury-api';
import { AppFailure } from '../app-error';
import type { AuditLog } from '../audit/audit-log';
import type { PendingLedger } from '../pending/ledger';
import { toAppFailure } from '../session/api-failure';
import type { ProfileRef } from '../session/ports';
import type { ActiveOrders } from './active-orders';
import { checkDraft, type PreviewDeps } from './preview';
import { toOrderView } from './views';

export interface PlaceDeps extends PreviewDeps {
  api: PreviewDeps['api'] & Pick<TreasuryApi, 'placeOrder'>;
  ledger: PendingLedger;
  audit: AuditLog;
  profile: ProfileRef;
  active: ActiveOrders;
}

/** The service's parameter names as the draft names them; its "insufficient funds" is about the quantity. */
const DRAFT_FIELDS: Readonly<Record<string, string>> = {
  amount: 'quantity', time_in_force: 'timeInForce', timeInForce: 'timeInForce', post_only: 'postOnly', postOnly: 'postOnly',
};

/** 'cof' and 24 hex digits: within the service's 8-32 letters, digits, _ and -, and never guessed twice. */
export function newClientOrderId(): string {
  return `cof${randomBytes(12).toString('hex')}`;
}

export async function placeOrder(deps: PlaceDeps, draft: OrderDraft): Promise<PlaceOrderResult> {
  const { preview, terms, quantity, price } = await checkDraft(deps, draft);
  const clientOrderId = newClientOrderId();
  const { id: symbol } = terms.symbol;
  const at = price === undefined ? `at market (estimated ${preview.price})` : `at ${price.toFixed()}`;
  const subject = {
    profileId: deps.profile.id, profileName: deps.profile.name, action: 'spotOrder' as const,
    currency: preview.reserves.currency, amount: preview.reserves.amount, fee: preview.fee.amount,
    detail: `${draft.type} ${draft.side} ${quantity.toFixed()} ${symbol} ${at}, client order id ${clientOrderId}`,
  };
  let sent;
  try {
    sent = await deps.ledger.send(
      { kind: 'spotOrder', currency: preview.reserves.currency, amount: preview.reserves.amount, destination: `${symbol}:${draft.side}:${clientOrderId}`, subjectId: clientOrderId },
      subject,
      () => deps.api.placeOrder({
        clientOrderId, symbol, side: draft.side, type: draft.type, quantity, price, timeInForce: draft.timeInForce, postOnly: draft.postOnly,
      }),
      (order) => [order.id],
    );
  } catch (error) {
    throw inDraftTerms(toAppFailure(error));
  }
  const { result, move } = sent;
  if (result.status === 'uncertain') {
    return { state: 'uncertain', moveId: move.id,
      reason: `${result.reason}. Coffer looks for order ${clientOrderId} among the active orders and the order history; it is not sent again` };
  }
  deps.active.apply(result.value);
  return { state: 'placed', order: toOrderView(result.value, terms) };
}

function inDraftTerms(error: unknown): unknown {
  if (!(error instanceof AppFailure) || error.field === undefined) return error;
  const field = DRAFT_FIELDS[error.field];
  return field === undefined ? error : new AppFailure(error.code, error.message, field);
}
