// The right each endpoint needs, as the service's tables (v2 and v3) list them.
import { describe, expect, it } from 'vitest';
import { rightNeededBy } from '../../../main/exchange/path-rights';

describe('rightNeededBy', () => {
  it.each([
    ['POST', '/api/3/wallet/crypto/withdraw', 'WDR'],
    ['PUT', '/api/3/wallet/crypto/withdraw/abc', 'WDR'],
    ['DELETE', '/api/2/account/crypto/withdraw/abc', 'WDR'],
    ['POST', '/api/3/wallet/internal/withdraw', 'WDR'],
    ['POST', '/api/2/account/transfer/internal', 'WDR'],
    ['POST', '/api/3/sub-account/transfer', 'WDR'],
    ['POST', '/api/2/sub-acc/transfer', 'WDR'],
    ['GET', '/api/3/spot/fee/BTCUSDT', 'ORD'],
    ['POST', '/api/3/spot/order', 'ORD'],
    ['GET', '/api/3/spot/order', 'HIST'],
    ['GET', '/api/3/spot/balance', 'HIST'],
    ['GET', '/api/2/history/trades', 'HIST'],
    ['GET', '/api/3/wallet/balance', 'PAY'],
    ['POST', '/api/3/wallet/transfer', 'PAY'],
    ['POST', '/api/3/wallet/convert', 'PAY'],
    ['GET', '/api/3/wallet/crypto/fees/estimate?currency=BTC', 'PAY'],
    ['POST', '/api/3/buy-crypto/provider/1/order', 'PAY'],
    ['POST', '/api/3/sub-account/acl', 'PAY'],
    ['GET', '/api/2/sub-acc/balance/7', 'PAY'],
  ])('%s %s needs %s', (method, path, right) => {
    expect(rightNeededBy(method, path)).toBe(right);
  });

  it.each([
    ['GET', '/api/3/public/currency'],
    ['POST', '/api/3/sub-account/freeze'],
    ['GET', '/api/2/sub-acc'],
  ])('%s %s needs no right', (method, path) => {
    expect(rightNeededBy(method, path)).toBeUndefined();
  });
});
