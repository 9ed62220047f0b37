// The transfers harness (a real sandbox on loopback, the app's core for the master with a real
// client) plus what sub-account tests read at the service itself: the list, each account's ACL
// and wallet, the master's transactions, and the replies the service counted by status.
import Decimal from '../../../preload/contract/decimal';
import { startHarness as startDeskHarness, type Harness as DeskHarness } from '../transfers/harness';

export { failure, sentTo, unwrap, waitForEvent } from '../transfers/harness';

export const MASTER = 'master@sandbox.test';

export interface ServiceSub {
  sub_account_id: string;
  email: string;
  status: string;
}

export interface ServiceAcl {
  sub_account_id: string;
  withdraw_enabled: boolean;
  deposit_address_generation_enabled: boolean;
  description: string;
}

export interface ServiceTx {
  id: string | number;
  type: string;
  subtype: string;
  native: { amount: string; currency: string };
}

export interface Harness extends DeskHarness {
  /** The id of the seeded sub-account with this name (e.g. 'sub-delta'). */
  idOf(name: string): Promise<string>;
  /** The list as the service answers it. */
  serviceList(): Promise<ServiceSub[]>;
  /** The ACL as the service's own GET /api/3/sub-account/acl answers it (empty for frozen or disabled). */
  serviceAcl(id: string): Promise<ServiceAcl[]>;
  /** A sub-account's available wallet balance, read at the service. */
  subWallet(id: string, currency: string): Promise<Decimal>;
  masterWallet(currency: string): Promise<Decimal>;
  /** The newest id of the master's history, to read only what comes after. */
  newestTxId(): Promise<number>;
  /** The master's SUB_ACCOUNT transactions after `afterId`. */
  subAccountTxsAfter(afterId: number): Promise<ServiceTx[]>;
  /** The service's replies by HTTP status since the last reset. */
  responses(): Promise<Record<string, number>>;
}

export async function startHarness(): Promise<Harness> {
  const h = await startDeskHarness();
  const serviceList = async () => (await h.truth<{ result: ServiceSub[] }>(MASTER, '/api/3/sub-account')).result;
  return {
    ...h,
    serviceList,
    idOf: async (name) => {
      const found = (await serviceList()).find((s) => s.email === `${name}@sandbox.test`);
      if (found === undefined) throw new Error(`no ${name} at the sandbox`);
      return found.sub_account_id;
    },
    serviceAcl: async (id) => (await h.truth<{ result: ServiceAcl[] }>(MASTER, `/api/3/sub-account/acl?sub_account_ids=${id}`)).result,
    subWallet: async (id, currency) => {
      const reply = await h.truth<{ result: { wallet: { currency: string; available: string }[] } }>(MASTER, `/api/3/sub-account/balance/${id}`);
      return new Decimal(reply.result.wallet.find((b) => b.currency === currency)?.available ?? 0);
    },
    masterWallet: async (currency) => new Decimal(await h.walletAvailable(MASTER, currency)),
    newestTxId: async () => Number((await h.truth<ServiceTx[]>(MASTER, '/api/3/wallet/transactions?order_by=id&sort=DESC&limit=1'))[0]?.id ?? 0),
    subAccountTxsAfter: async (afterId) =>
      (await h.truth<ServiceTx[]>(MASTER, `/api/3/wallet/transactions?order_by=id&id_from=${afterId + 1}&subtypes=SUB_ACCOUNT&sort=ASC&limit=1000`)),
    responses: async () => ((await h.control('GET', '/sandbox/stats')) as { responses: Record<string, number> }).responses,
  };
}
