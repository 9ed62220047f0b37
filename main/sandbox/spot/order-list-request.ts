// Reading POST /api/3/spot/order/list (and the trading stream's spot_new_order_list): the list's
// contingency, its order count, and each order's parameters under the contingency's rules of
// api-v3.md. Every refusal is a 10001 naming the parameter (orders[1].time_in_force, …).
import { ServiceError, validationError } from '../http/errors';
import { ParamReader } from '../http/params';
import type { OrderRequest } from './engine';
import { readOrder } from './order-request';

export const CONTINGENCY_TYPES = ['allOrNone', 'oneCancelOther', 'oneTriggerOther', 'oneTriggerOneCancelOther'] as const;
export type ContingencyType = (typeof CONTINGENCY_TYPES)[number];

export interface OrderListRequest {
  accountId: number;
  listId: string;
  contingency: ContingencyType;
  /** The first is the primary of oneTriggerOther and oneTriggerOneCancelOther. */
  orders: OrderRequest[];
}

const OCO_TYPES = ['limit', 'stopLimit', 'stopMarket', 'takeProfitLimit', 'takeProfitMarket'];

export function readOrderList(params: Record<string, unknown>, accountId: number, now: number): OrderListRequest {
  const p = new ParamReader(params);
  if (!p.has('contingency_type')) throw validationError('contingency_type', `is required: one of ${CONTINGENCY_TYPES.join(', ')}`);
  const contingency = p.oneOf('contingency_type', CONTINGENCY_TYPES, 'allOrNone');
  const raw = params.orders;
  if (!Array.isArray(raw) || raw.some((o) => typeof o !== 'object' || o === null || Array.isArray(o))) throw validationError('orders', 'must be an array of orders');
  const allowed = contingency === 'oneTriggerOneCancelOther' ? [3] : [2, 3];
  if (!allowed.includes(raw.length)) throw validationError('orders', `a ${contingency} list takes ${allowed.join(' or ')} orders, not ${raw.length}`);
  const listId = p.text('order_list_id');
  const first = raw[0] as Record<string, unknown>;
  if (listId !== undefined && first.client_order_id !== undefined && first.client_order_id !== listId) {
    throw validationError('order_list_id', 'must equal the client_order_id of the first order');
  }
  const orders = raw.map((order, index) => {
    const fields = { type: 'limit', ...(index === 0 && listId !== undefined ? { client_order_id: listId } : {}), ...(order as Record<string, unknown>) };
    checkContingencyRules(contingency, index, fields);
    try {
      return readOrder(new ParamReader(fields), accountId, now);
    } catch (error) {
      if (error instanceof ServiceError && error.code === 10001) throw new ServiceError(400, 10001, error.message, `orders[${index}].${error.description ?? ''}`);
      throw error;
    }
  });
  const ids = orders.map((o) => o.clientOrderId);
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated !== undefined) throw validationError('orders', `client_order_id ${repeated} appears twice in the list`);
  const symbols = orders.map((o) => o.symbol.id);
  if (contingency === 'allOrNone' && new Set(symbols).size !== symbols.length) throw validationError('orders', 'the orders of an allOrNone list must be on different symbols');
  if (contingency === 'oneTriggerOneCancelOther' && new Set(symbols).size !== 1) throw validationError('orders', 'the orders of a oneTriggerOneCancelOther list must share one symbol');
  return { accountId, listId: (orders[0] as OrderRequest).clientOrderId as string, contingency, orders };
}

function checkContingencyRules(contingency: ContingencyType, index: number, fields: Record<string, unknown>): void {
  const p = new ParamReader(fields);
  const type = p.text('type') ?? 'limit';
  const timeInForce = p.text('time_in_force');
  const name = (field: string): string => `orders[${index}].${field}`;
  if (contingency === 'allOrNone') {
    if (type !== 'limit' && type !== 'market') throw validationError(name('type'), 'must be limit or market in an allOrNone list');
    if (timeInForce !== 'FOK') throw validationError(name('time_in_force'), 'is required and must be FOK in an allOrNone list');
    return;
  }
  const ocoMember = contingency === 'oneCancelOther' || (contingency === 'oneTriggerOneCancelOther' && index > 0);
  if (!ocoMember) return;
  if (!OCO_TYPES.includes(type)) throw validationError(name('type'), `must be one of ${OCO_TYPES.join(', ')} in a one-cancels-other pair`);
  if (type === 'limit' && (timeInForce === 'IOC' || timeInForce === 'FOK')) throw validationError(name('time_in_force'), 'cannot be IOC or FOK for a limit order of a one-cancels-other pair');
}
