// Bad input is refused before any request, with a message naming the field.
import Decimal from './decimal';
import { inputError } from './errors';

export function requireText(value: string | undefined, field: string): string {
  if (value === undefined || value.trim() === '') throw inputError(field, 'is required');
  return value.trim();
}

export function requireCode(value: string | undefined, field: string): string {
  const text = requireText(value, field);
  if (!/^[A-Za-z0-9_.-]{1,32}$/.test(text)) throw inputError(field, `"${text}" is not a code`);
  return text.toUpperCase();
}

export function requirePositive(value: Decimal | undefined, field: string): Decimal {
  if (value === undefined || !Decimal.isDecimal(value) || !value.isFinite()) throw inputError(field, 'must be a decimal amount');
  if (value.lte(0)) throw inputError(field, 'must be greater than zero');
  return value;
}

export function requireOneOf<T extends string>(value: string | undefined, allowed: readonly T[], field: string): T {
  const found = allowed.find((option) => option === value);
  if (found === undefined) throw inputError(field, `must be one of ${allowed.join(', ')}`);
  return found;
}

export function requireIds(values: readonly string[], field: string): string[] {
  if (values.length === 0) throw inputError(field, 'needs at least one id');
  return values.map((value) => requireText(value, field));
}
