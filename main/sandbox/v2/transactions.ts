// Version 2's account transactions: the list (by timestamp or by index) and one by its v2 id,
// over the same records as /api/3/wallet/transactions.
//
// by=index orders by index (the time the record last changed) and then by the record's row id,
// a tie-break that never changes, with from and till inclusive. A client walks the whole history
// past the offset cap with sort=ASC&by=index&from=<last index seen>&offset=<records of that index
// already seen>: every record is read exactly once, however many share an index.
import { findCurrency } from '../catalog';
import type { SandboxContext } from '../context';
import type { TxFilter } from '../db/transactions';
import { errors } from '../http/errors';
import { ParamReader } from '../http/params';
import type { RouteRegistry } from '../http/route';
import { callerId } from '../wallet/access';
import { MAX_LIMIT, MAX_OFFSET } from '../wallet/transaction-routes';
import { transactionByV2Id } from './account-params';
import { v2Transaction, type V2Transaction } from './format';

const BY = ['timestamp', 'index'] as const;

export function registerV2TransactionRoutes(routes: RouteRegistry, ctx: SandboxContext): void {
  routes.add('GET', '/api/2/account/transactions', 'PAY', (r) => {
    const p = ParamReader.of(r);
    const filter = readV2Filter(callerId(r), p);
    const showSenders = p.bool('showSenders', false);
    return ctx.transactions.list(filter).map((row) => v2Transaction(row, showSenders));
  });
  routes.add('GET', '/api/2/account/transactions/:id', 'PAY', (r): V2Transaction => {
    const p = ParamReader.of(r);
    return v2Transaction(transactionByV2Id(ctx, callerId(r), r.params.id ?? ''), p.bool('showSenders', false));
  });
}

export function readV2Filter(accountId: number, p: ParamReader): TxFilter {
  const by = p.oneOf('by', BY, 'timestamp');
  const currencies = p.list('currency')?.map((code) => {
    const currency = findCurrency(code);
    if (!currency) throw errors.currencyNotFound(code);
    return currency.code;
  });
  // from and till are date-times by timestamp (creation time) and indexes by index.
  const bound = (name: string): number | undefined => (by === 'index' ? p.optionalInt(name, 0, Number.MAX_SAFE_INTEGER) : p.optionalTime(name));
  return {
    accountId, currencies,
    orderBy: by === 'index' ? 'updated_at' : 'created_at',
    sort: p.oneOf('sort', ['ASC', 'DESC'] as const, 'DESC'),
    from: bound('from'),
    till: bound('till'),
    limit: p.int('limit', 100, 0, MAX_LIMIT),
    offset: p.int('offset', 0, 0, MAX_OFFSET),
  };
}
