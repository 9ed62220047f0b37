// What the transfers specs hand the fake bridge: currencies as the service lists them, an
// overview with wallet and spot balances, quotes, movements and ledger moves.
import type { ConversionQuote, CurrencyInfo, MergedBalance, MovementView, PendingMoveView, WalletOverview } from '../../../../preload/contract';

export function currencyInfo(code: string, precision: number, overrides: Partial<CurrencyInfo> = {}): CurrencyInfo {
  return {
    code, fullName: code, crypto: true, payinEnabled: true, payoutEnabled: true, transferEnabled: true, precision, networks: [], ...overrides,
  };
}

export const CURRENCIES: CurrencyInfo[] = [
  currencyInfo('USDT', 6),
  currencyInfo('BTC', 8),
  currencyInfo('EUR', 2, { crypto: false, payoutEnabled: false }),
];

export function balance(currency: string, wallet: string, spot: string): MergedBalance {
  return { currency, wallet: { available: wallet, reserved: '0' }, spot: { available: spot, reserved: '0' }, total: '0' };
}

export function overview(balances: MergedBalance[], profileId = 'p1'): WalletOverview {
  return {
    profileId, valuationCurrency: 'USDT', totalValue: '0', rates: {}, unvalued: [], live: true,
    precision: { USDT: 6, BTC: 8, EUR: 2 }, asOf: '2026-11-23T09:00:00.000Z',
    balances: balances.map((b) => ({ ...b, value: null })),
  };
}

export function quote(overrides: Partial<ConversionQuote> = {}): ConversionQuote {
  return {
    quoteId: 'q1', fromCurrency: 'USDT', toCurrency: 'BTC', rate: '0.00001', spread: '0.002', pricedAt: '2026-11-23T09:00:00.000Z',
    source: 'stream', fromPrecision: 6, toPrecision: 8, ...overrides,
  };
}

export function movement(id: string, overrides: Partial<MovementView> = {}): MovementView {
  return {
    id, type: 'TRANSFER', subtype: 'WALLET_TO_SPOT', status: 'SUCCESS', currency: 'USDT', amount: '10',
    createdAt: '2026-11-23T09:00:00.000Z', operationId: null, direction: null, ...overrides,
  };
}

export function pendingMove(overrides: Partial<PendingMoveView>): PendingMoveView {
  return {
    id: 'm1', profileId: 'p1', kind: 'transfer', currency: 'USDT', amount: '10', destination: null, state: 'uncertain',
    txIds: [], candidates: [], reason: 'The reply was lost', settledBy: null, settleBy: null, mayRunLate: false,
    createdAt: '2026-11-23T09:00:00.000Z', updatedAt: '2026-11-23T09:00:00.000Z', ...overrides,
  };
}
