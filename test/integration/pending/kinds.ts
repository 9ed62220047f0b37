// Every money-moving kind the ledger records, as the ledger tests send it over the real client,
// with the ground truth written out here (never taken from the code under test): which service
// records a move of that kind and amount creates, and where they are read.
import Decimal from '../../../preload/contract/decimal';
import type { MoveSpec } from '../../../main/core/pending/ledger';
import { auditActionOf } from '../../../main/core/pending/settlement-audit';
import type { Transaction } from '../../../main/exchange/domain';
import type { RateLimiter } from '../../../main/exchange/limiter';
import type { Settled } from '../../../main/exchange/operations';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import { clientFor, collect, type Fixture } from '../exchange/sandbox-fixture';
import type { Desk } from './desk';

const COLD = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

export interface Kind {
  name: MoveSpec['kind'];
  path: string;
  base: string;
  /** Between the amounts of two scenarios (within the currency's precision). */
  step?: string;
  spec(amount: string): MoveSpec;
  send(api: TreasuryApi, amount: string): Promise<Settled<unknown>>;
  ids(value: unknown): string[];
  /** Ground truth, written out here rather than taken from the code under test. */
  isRecordOf(tx: Transaction, amount: string): boolean;
  /** Where the ground truth is read; the wallet history unless said. */
  records?(): Promise<Transaction[]>;
}

export interface MoneyKinds {
  kinds: Kind[];
  auditor: TreasuryApi;
  /** The n-th scenario's amount of a kind. */
  amount(kind: Kind, step: number): string;
  /** What the service really created of this kind and amount since the kinds were set up. */
  createdWith(kind: Kind, amount: string): Promise<Transaction[]>;
  /** Injects a sandbox fault on the kind's own path (so kinds can run side by side). */
  fault(kind: Kind, rule: Record<string, unknown>): Promise<unknown>;
  /** Sends one move of the kind through the desk's ledger. */
  sendOnly(desk: Desk, kind: Kind, amount: string): ReturnType<Desk['ledger']['send']>;
}

export async function setUpKinds(fixture: Fixture, limiter: RateLimiter): Promise<MoneyKinds> {
  const auditor = clientFor(fixture, { limiter }).api;
  const startCursor = (await auditor.newestTransactionId()) ?? '0';
  const alpha = (await auditor.subAccounts()).find((s) => s.email === 'sub-alpha@sandbox.test');
  if (alpha === undefined) throw new Error('no sub-alpha');
  const subAccountId = alpha.id;
  const first = (await auditor.buyCryptoProviders('EUR', 'BTC'))[0];
  if (first === undefined) throw new Error('no buy-crypto provider');
  const quote = (await auditor.buyCryptoRate({ providerId: first.id, source: 'EUR', target: 'BTC', sourceAmount: new Decimal('100') })).prices[0];
  if (quote === undefined) throw new Error('no buy-crypto quote');
  const provider = { id: first.id, paymentMethodId: quote.paymentMethodId };

  const same = (tx: Transaction, amount: string) => tx.amount.abs().equals(new Decimal(amount));
  const kinds: Kind[] = [
    {
      name: 'withdraw', path: '/api/3/wallet/crypto/withdraw', base: '0.0021',
      spec: (amount) => ({ kind: 'withdraw', currency: 'BTC', amount, destination: COLD, feeMode: 'added' }),
      send: (api, amount) => api.prepareWithdrawal({ currency: 'BTC', amount: new Decimal(amount), address: COLD }),
      ids: (v) => [(v as { id: string }).id],
      isRecordOf: (tx, amount) => tx.type === 'WITHDRAW' && tx.subtype === 'BLOCKCHAIN' && tx.currency === 'BTC' && tx.address === COLD && same(tx, amount),
    },
    {
      name: 'transfer', path: '/api/3/wallet/transfer', base: '3.1',
      spec: (amount) => ({ kind: 'transfer', currency: 'USDT', amount, destination: 'wallet>spot' }),
      send: (api, amount) => api.transfer({ currency: 'USDT', amount: new Decimal(amount), source: 'wallet', destination: 'spot' }),
      ids: (v) => v as string[],
      isRecordOf: (tx, amount) => tx.type === 'TRANSFER' && tx.subtype === 'WALLET_TO_SPOT' && tx.currency === 'USDT' && same(tx, amount),
    },
    {
      name: 'convert', path: '/api/3/wallet/convert', base: '4.2',
      spec: (amount) => ({ kind: 'convert', currency: 'USDT', amount, destination: 'ETH' }),
      send: (api, amount) => api.convert({ fromCurrency: 'USDT', toCurrency: 'ETH', amount: new Decimal(amount) }),
      ids: (v) => v as string[],
      isRecordOf: (tx, amount) => tx.type === 'SWAP' && tx.currency === 'USDT' && same(tx, amount),
    },
    {
      name: 'internalWithdraw', path: '/api/3/wallet/internal/withdraw', base: '5.3',
      spec: (amount) => ({ kind: 'internalWithdraw', currency: 'USDT', amount, destination: 'sub-beta@sandbox.test' }),
      send: (api, amount) => api.internalWithdraw({ currency: 'USDT', amount: new Decimal(amount), by: 'email', identifier: 'sub-beta@sandbox.test' }),
      ids: (v) => [v as string],
      isRecordOf: (tx, amount) => tx.type === 'WITHDRAW' && tx.subtype === 'OFFCHAIN' && tx.currency === 'USDT' && same(tx, amount),
    },
    {
      name: 'subAccountTransfer', path: '/api/3/sub-account/transfer', base: '6.4',
      spec: (amount) => ({ kind: 'subAccountTransfer', currency: 'USDT', amount, destination: `to_sub_account:${subAccountId}` }),
      send: (api, amount) => api.subAccountTransfer({ subAccountId, currency: 'USDT', amount: new Decimal(amount), direction: 'to_sub_account' }),
      ids: (v) => [v as string],
      isRecordOf: (tx, amount) => tx.type === 'WITHDRAW' && tx.subtype === 'SUB_ACCOUNT' && tx.currency === 'USDT' && same(tx, amount),
    },
    {
      name: 'buyCryptoOrder', path: `/api/3/buy-crypto/provider/${provider.id}/order`, base: '100.01', step: '0.01',
      spec: (amount) => ({ kind: 'buyCryptoOrder', currency: 'EUR', amount, destination: `${provider.id}>BTC` }),
      send: (api, amount) => api.createBuyCryptoOrder({ providerId: provider.id, source: 'EUR', target: 'BTC', sourceAmount: new Decimal(amount), paymentMethodId: provider.paymentMethodId }),
      ids: (v) => [(v as { id: string }).id],
      // Orders, as the provider lists them: read and compared field by field here.
      records: async () => (await auditor.buyCryptoOrders(provider.id)).map((o) => ({
        id: o.id, type: 'ORDER', subtype: o.targetCode, currency: o.sourceCode, amount: o.sourceAmount ?? new Decimal(-1),
      }) as unknown as Transaction),
      isRecordOf: (tx, amount) => tx.type === 'ORDER' && tx.subtype === 'BTC' && tx.currency === 'EUR' && same(tx, amount),
    },
  ];

  return {
    kinds,
    auditor,
    amount: (kind, step) => new Decimal(kind.base).plus(new Decimal(step).times(kind.step ?? '0.0001')).toFixed(),
    createdWith: async (kind, amount) => {
      const history = kind.records ? await kind.records() : await collect(auditor.transactions({ idFrom: (BigInt(startCursor) + 1n).toString() }));
      return history.filter((tx) => kind.isRecordOf(tx, amount));
    },
    fault: (kind, rule) => fixture.control('POST', '/sandbox/faults', { path: kind.path, method: 'POST', ...rule }),
    sendOnly: (desk, kind, amount) => {
      const spec = kind.spec(amount);
      const subject = { profileId: 'desk-profile', profileName: desk.name, action: auditActionOf(kind.name), currency: spec.currency, amount };
      return desk.ledger.send(spec, subject, () => kind.send(desk.api, amount), kind.ids);
    },
  };
}
