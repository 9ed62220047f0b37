// Typed reading of request parameters. GET reads the query; other methods read the body, with
// the query and the path parameters as fallbacks (clients repeat path parameters in the body).
// Every failure is a 10001 naming the parameter.
import Decimal from '../decimal';
import { findCurrency, type CurrencyDef } from '../catalog';
import { errors, validationError } from './errors';
import type { RouteContext } from './route';

const DECIMAL_TEXT = /^(?:\d+\.?\d*|\.\d+)$/;

export class ParamReader {
  constructor(private readonly source: Record<string, unknown>) {}

  static of(ctx: RouteContext): ParamReader {
    const query = Object.fromEntries(ctx.query.entries());
    const merged = ctx.method === 'GET' ? { ...query, ...ctx.params } : { ...query, ...ctx.params, ...ctx.body };
    return new ParamReader(merged);
  }

  has(name: string): boolean {
    return this.text(name) !== undefined;
  }

  /** The value as text, undefined when absent or empty. */
  text(name: string): string | undefined {
    const value = this.source[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value === '' ? undefined : value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    throw validationError(name, 'must be a single value');
  }

  requiredText(name: string): string {
    const value = this.text(name);
    if (value === undefined) throw validationError(name, 'is required');
    return value;
  }

  optionalText(name: string, maxLength?: number): string | undefined {
    const value = this.text(name);
    if (value !== undefined && maxLength !== undefined && value.length > maxLength) {
      throw validationError(name, `must be at most ${maxLength} characters`);
    }
    return value;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.text(name);
    if (value === undefined) return fallback;
    const found = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
    if (found === undefined) throw validationError(name, `must be one of ${allowed.join(', ')}`);
    return found;
  }

  optionalOneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    return this.has(name) ? this.oneOf(name, allowed, allowed[0] as T) : undefined;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const value = this.optionalInt(name, min, max);
    return value ?? fallback;
  }

  optionalInt(name: string, min: number, max: number): number | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value)) throw validationError(name, 'must be an integer');
    const n = Number.parseInt(value, 10);
    if (n < min || n > max) throw validationError(name, `must be between ${min} and ${max}`);
    return n;
  }

  bool(name: string, fallback: boolean): boolean {
    const value = this.text(name);
    if (value === undefined) return fallback;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    throw validationError(name, 'must be true or false');
  }

  /** A list: a JSON array, or comma-separated text. */
  list(name: string): string[] | undefined {
    const value = this.source[name];
    if (value === undefined || value === null || value === '') return undefined;
    const items = Array.isArray(value) ? value.map((v) => String(v)) : String(value).split(',');
    const cleaned = items.map((s) => s.trim()).filter((s) => s !== '');
    return cleaned.length === 0 ? undefined : cleaned;
  }

  /** A positive amount with at most `decimals` places. */
  amount(name: string, decimals: number): Decimal {
    const value = this.requiredText(name);
    if (!DECIMAL_TEXT.test(value)) throw validationError(name, 'must be a positive decimal number');
    const amount = new Decimal(value);
    if (amount.lte(0)) throw validationError(name, 'must be greater than zero');
    if (amount.decimalPlaces() > decimals) throw validationError(name, `must have at most ${decimals} decimal places`);
    return amount;
  }

  optionalAmount(name: string, decimals: number): Decimal | undefined {
    return this.has(name) ? this.amount(name, decimals) : undefined;
  }

  /** A currency code known to the service (2002 otherwise). */
  currency(name: string): CurrencyDef {
    const code = this.requiredText(name);
    const currency = findCurrency(code);
    if (!currency) throw errors.currencyNotFound(code);
    return currency;
  }

  /** ISO 8601 date-time or Unix milliseconds. */
  optionalTime(name: string): number | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    return parseTime(name, value);
  }
}

export function parseTime(name: string, value: string): number {
  if (/^\d+$/.test(value)) return Number.parseInt(value, 10);
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw validationError(name, 'must be an ISO 8601 date-time or Unix milliseconds');
  return ms;
}
