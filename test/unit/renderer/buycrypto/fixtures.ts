// The sandbox's buy-crypto offer as main describes it: Sandbox Pay (Card 20–5000, SEPA 50–50000)
// and Loopback Ramp (Apple Pay 10–2000, no LTC), EUR only; a board and orders built from it.
import type { BuyMethod, BuyOptions, BuyOrderView, BuyQuoteBoard, BuyQuoteRow } from '../../../../preload/contract';

const TARGETS = [
  { currency: 'BTC', network: 'BTC' }, { currency: 'USDT', network: 'ETH' }, { currency: 'USDT', network: 'TRX' }, { currency: 'LTC', network: 'LTC' },
];

function method(providerId: string, providerName: string, methodId: string, methodName: string, min: string, max: string, targets = TARGETS): BuyMethod {
  return {
    providerId, providerName, methodId, methodName, methodType: 'card', sources: ['EUR'], targets,
    limits: targets.map((t) => ({ source: 'EUR', target: t.currency, network: t.network, min, max })),
  };
}

export const OPTIONS: BuyOptions = {
  methods: [
    method('1', 'Sandbox Pay', '101', 'Card', '20', '5000'),
    method('1', 'Sandbox Pay', '102', 'SEPA transfer', '50', '50000'),
    method('2', 'Loopback Ramp', '201', 'Apple Pay', '10', '2000', TARGETS.filter((t) => t.currency !== 'LTC')),
  ],
  sources: ['EUR'],
  targets: [{ currency: 'BTC', networks: ['BTC'] }, { currency: 'USDT', networks: ['ETH', 'TRX'] }, { currency: 'LTC', networks: ['LTC'] }],
  precision: { EUR: 2, BTC: 8, USDT: 6, LTC: 8 },
};

export function row(methodId: string, fields: Partial<BuyQuoteRow> = {}): BuyQuoteRow {
  const m = OPTIONS.methods.find((one) => one.methodId === methodId);
  if (!m) throw new Error(`no method ${methodId}`);
  return {
    providerId: m.providerId, providerName: m.providerName, methodId, methodName: m.methodName, methodType: m.methodType, network: 'BTC',
    quoteId: `q-${methodId}`, pay: '100.00', receive: '0.00180000', price: '55555.56', vsSpot: '0.0101', min: m.limits[0]?.min ?? null, max: m.limits[0]?.max ?? null,
    problem: null, best: false, ...fields,
  };
}

export function board(rows: BuyQuoteRow[], request: Partial<BuyQuoteBoard['request']> = {}): BuyQuoteBoard {
  return {
    request: { source: 'EUR', target: 'BTC', network: 'BTC', side: 'pay', amount: '100', ...request },
    spotPrice: '55000', rows, quotedAt: new Date().toISOString(), sourcePrecision: 2, targetPrecision: 8,
  };
}

export function order(id: string, fields: Partial<BuyOrderView> = {}): BuyOrderView {
  return {
    id, providerId: '1', providerName: 'Sandbox Pay', methodName: 'SEPA transfer', source: 'EUR', target: 'BTC', network: 'BTC',
    pay: '100.00', receive: '0.00123', status: 'initial', statusText: 'Waiting for payment at the provider', open: true,
    walletAddress: 'bc1qexample', checkoutUrl: `http://127.0.0.1:9/checkout/${'a'.repeat(32)}`, createdAt: '2026-11-24T10:00:00.000Z',
    operationId: `op-${id}`, deposit: null, ...fields,
  };
}
