// Deposit addresses: one current address per account, currency and network (the newest), older
// ones still valid. Networks that need a payment id keep one address and change the id.
import { CURRENCIES, defaultNetwork, type CurrencyDef, type NetworkDef } from '../catalog';
import type { SandboxContext } from '../context';
import { cachedStatement } from '../db/open';
import { validationError } from '../http/errors';
import { generateAddress, generatePaymentId } from './address-gen';

export interface AddressRow {
  id: number;
  account_id: number;
  currency: string;
  network: string;
  address: string;
  payment_id: string | null;
  created_at: number;
}

export interface AddressRecord {
  currency: string;
  address: string;
  payment_id?: string;
  network_code: string;
}

export function toAddressRecord(row: Pick<AddressRow, 'currency' | 'address' | 'payment_id' | 'network'>): AddressRecord {
  const record: AddressRecord = { currency: row.currency, address: row.address, network_code: row.network };
  if (row.payment_id !== null) record.payment_id = row.payment_id;
  return record;
}

/** The network named by network_code (hosting network code, or protocol such as TRC20), or the default one. */
export function resolveNetwork(currency: CurrencyDef, networkCode: string | undefined, param = 'network_code'): NetworkDef {
  if (currency.networks.length === 0) throw validationError('currency', `${currency.code} is not a crypto currency`);
  if (networkCode === undefined) return defaultNetwork(currency) as NetworkDef;
  const code = networkCode.toUpperCase();
  const network = currency.networks.find((n) => n.network === code || n.protocol === code || n.networkName.toUpperCase() === code);
  if (!network) throw validationError(param, `${networkCode} is not a network of ${currency.code}`);
  return network;
}

export function createDepositAddress(ctx: SandboxContext, accountId: number, currency: CurrencyDef, network: NetworkDef, nowMs: number): AddressRow {
  const count = (cachedStatement(ctx.db, 'SELECT COUNT(*) AS n FROM addresses WHERE account_id = ? AND currency = ? AND network = ?')
    .get(accountId, currency.code, network.network) as { n: number }).n;
  const seedText = `${ctx.seed}:${accountId}:${currency.code}:${network.network}:${count}`;
  const previous = currentAddress(ctx, accountId, currency.code, network.network);
  const address = network.payinPaymentId && previous ? previous.address : generateAddress(network, seedText);
  const paymentId = generatePaymentId(network, seedText);
  const result = cachedStatement(ctx.db, 'INSERT INTO addresses (account_id, currency, network, address, payment_id, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(accountId, currency.code, network.network, address, paymentId, nowMs);
  return { id: Number(result.lastInsertRowid), account_id: accountId, currency: currency.code, network: network.network, address, payment_id: paymentId, created_at: nowMs };
}

export function currentAddress(ctx: SandboxContext, accountId: number, currency: string, network: string): AddressRow | undefined {
  return cachedStatement(ctx.db, 'SELECT * FROM addresses WHERE account_id = ? AND currency = ? AND network = ? ORDER BY id DESC LIMIT 1')
    .get(accountId, currency, network) as AddressRow | undefined;
}

/** The current address, created on first use (as the service does). */
export function ensureAddress(ctx: SandboxContext, accountId: number, currency: CurrencyDef, network: NetworkDef): AddressRow {
  return currentAddress(ctx, accountId, currency.code, network.network) ?? createDepositAddress(ctx, accountId, currency, network, ctx.clock.now());
}

export function currentAddresses(ctx: SandboxContext, accountId: number, currency: CurrencyDef | undefined, networkCode: string | undefined): AddressRecord[] {
  const code = networkCode?.toUpperCase();
  // Without a currency, a network_code narrows the list to the currencies that have that network.
  const currencies = currency ? [currency] : CURRENCIES.filter((c) => c.crypto && c.payinEnabled
    && (code === undefined || c.networks.some((n) => n.network === code || n.protocol === code)));
  const out: AddressRecord[] = [];
  for (const c of currencies) {
    const networks = networkCode !== undefined ? [resolveNetwork(c, networkCode)] : c.networks;
    for (const network of networks) out.push(toAddressRecord(ensureAddress(ctx, accountId, c, network)));
  }
  return out;
}

export function recentDepositAddresses(ctx: SandboxContext, accountId: number, currency: string, network: string | undefined): AddressRecord[] {
  const rows = cachedStatement(ctx.db, `SELECT currency, address, payment_id, network, MAX(id) AS last FROM addresses
    WHERE account_id = @accountId AND currency = @currency ${network === undefined ? '' : 'AND network = @network'}
    GROUP BY address, payment_id ORDER BY last DESC LIMIT 10`).all({ accountId, currency, network }) as AddressRow[];
  return rows.map(toAddressRecord);
}

export function ownerOfAddress(ctx: SandboxContext, address: string): number | undefined {
  const row = cachedStatement(ctx.db, 'SELECT account_id FROM addresses WHERE address = ? LIMIT 1').get(address) as { account_id: number } | undefined;
  return row?.account_id;
}
