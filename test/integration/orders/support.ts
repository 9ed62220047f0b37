// What the orders tests share on top of the transfers harness (a real sandbox, the app's core for
// one of its accounts): another client of the same account (plain REST with Basic auth, never the
// client under test), and the service's spot balance read the same way.
import Decimal from '../../../preload/contract/decimal';
import type { Harness } from '../transfers/harness';

export const MASTER = 'master@sandbox.test';

interface SandboxKey { api_key: string; secret_key: string }
interface SandboxAccount { email: string; keys: SandboxKey[] }

export interface ServiceOrder {
  id: number;
  client_order_id: string;
  symbol: string;
  side: string;
  status: string;
  quantity: string;
  price?: string;
}

export interface OtherClient {
  send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: Record<string, unknown>): Promise<T>;
  /** available and reserved of one currency on the spot balance (zero when absent). */
  spot(currency: string): Promise<{ available: Decimal; reserved: Decimal }>;
  activeOrders(): Promise<ServiceOrder[]>;
}

export async function otherClient(h: Pick<Harness, 'sandbox' | 'control'>, email = MASTER): Promise<OtherClient> {
  const accounts = (await h.control('GET', '/sandbox/accounts')) as SandboxAccount[];
  const key = accounts.find((a) => a.email === email)?.keys[0];
  if (key === undefined) throw new Error(`no key for ${email}`);
  const authorization = `Basic ${Buffer.from(`${key.api_key}:${key.secret_key}`).toString('base64')}`;
  const send = async <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: Record<string, unknown>): Promise<T> => {
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetch(`${h.sandbox.restUrl}${path}`, {
        method, headers: { Authorization: authorization, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await response.json()) as T;
      if (response.ok) return json;
      if (response.status !== 429 || attempt >= 20) throw new Error(`${method} ${path} failed: ${JSON.stringify(json)}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  };
  return {
    send,
    spot: async (currency) => {
      const all = await send<{ currency: string; available: string; reserved: string }[]>('GET', '/api/3/spot/balance');
      const row = all.find((b) => b.currency === currency);
      return { available: new Decimal(row?.available ?? 0), reserved: new Decimal(row?.reserved ?? 0) };
    },
    activeOrders: () => send<ServiceOrder[]>('GET', '/api/3/spot/order'),
  };
}

/** The current mid of a symbol, from its ticker (to price orders that rest or that fill at once). */
export async function midOf(client: OtherClient, symbol: string): Promise<Decimal> {
  const ticker = await client.send<{ bid: string | null; ask: string | null; last: string | null }>('GET', `/api/3/public/ticker/${symbol}`);
  if (ticker.bid !== null && ticker.ask !== null) return new Decimal(ticker.bid).plus(ticker.ask).div(2);
  return new Decimal(ticker.last ?? 0);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
