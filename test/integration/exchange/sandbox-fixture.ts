// Starts the sandbox for the exchange client's tests and talks to its /sandbox/ controls over
// loopback. The client under test never sees any of this: it only gets URLs and keys.
import { startSandbox } from '../../../main/sandbox/server';
import type { RunningSandbox, SandboxOptions } from '../../../main/sandbox/index';
import { createV3Api, type V3ApiOptions } from '../../../main/exchange/v3/api';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import type { ExchangeEvent } from '../../../main/exchange/transport';
import { sandboxControl } from '../support/sandbox-support';

export const CONTROL_TOKEN = 'exchange-tests';

export interface Fixture {
  sandbox: RunningSandbox;
  control(method: 'GET' | 'POST' | 'DELETE', path: string, body?: Record<string, unknown>): Promise<unknown>;
  keyByLabel(label: string, accountEmail?: string): Promise<{ apiKey: string; secretKey: string }>;
  close(): Promise<void>;
}

export async function startFixture(options: SandboxOptions = {}): Promise<Fixture> {
  const sandbox = await startSandbox({ lightSeed: true, controlToken: CONTROL_TOKEN, ...options });
  const control: Fixture['control'] = sandboxControl(sandbox.restUrl, CONTROL_TOKEN);
  const keyByLabel: Fixture['keyByLabel'] = async (label, accountEmail = 'master@sandbox.test') => {
    const accounts = await control('GET', '/sandbox/accounts');
    if (!Array.isArray(accounts)) throw new Error('accounts is not a list');
    for (const account of accounts as Array<{ email: string; keys: Array<{ label: string; api_key: string; secret_key: string }> }>) {
      const key = account.email === accountEmail ? account.keys.find((k) => k.label === label) : undefined;
      if (key !== undefined) return { apiKey: key.api_key, secretKey: key.secret_key };
    }
    throw new Error(`no key ${label} on ${accountEmail}`);
  };
  return { sandbox, control, keyByLabel, close: () => sandbox.close() };
}

export interface CountingApi {
  api: TreasuryApi;
  statuses: number[];
  events: ExchangeEvent[];
}

/** A client on the master key (or the given one) that records every reply's status; version 3
 *  unless another version's factory is given. */
export function clientFor(
  fixture: Fixture,
  overrides: Partial<V3ApiOptions> = {},
  key: { apiKey: string; secretKey: string } = fixture.sandbox.master,
  create: (options: V3ApiOptions) => TreasuryApi = createV3Api,
): CountingApi {
  const statuses: number[] = [];
  const events: ExchangeEvent[] = [];
  const api = create({
    baseUrl: fixture.sandbox.restUrl,
    wsUrl: fixture.sandbox.wsUrl,
    credentials: { apiKey: key.apiKey, scheme: 'HS256', readSecret: async () => key.secretKey },
    onExchange: (event) => {
      events.push(event);
      if (event.status !== null) statuses.push(event.status);
    },
    ...overrides,
  });
  return { api, statuses, events };
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}
