// Main validates every request with its operation's schema before any handler runs, whichever
// transport carried it; a failure names the offending field.
import type { z } from 'zod';
import { OPERATION_NAMES, OPERATIONS, type OperationName, type RequestOf, type Result } from '../contract';
import { noPayload } from './operation';

export function isOperationName(op: unknown): op is OperationName {
  return typeof op === 'string' && (OPERATION_NAMES as readonly string[]).includes(op);
}

/** Parse a request for `op`; on failure a VALIDATION error naming the first bad field. */
export function parseRequest<K extends OperationName>(op: K, request: unknown): Result<RequestOf<K>> {
  const schema = OPERATIONS[op].request as z.ZodType<RequestOf<K>, unknown>;
  const parsed = schema.safeParse(request);
  if (parsed.success) return { ok: true, value: parsed.data };
  if (takesNoData(schema)) return { ok: false, error: { code: 'VALIDATION', message: `${op} takes no request data`, field: 'request' } };
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  const message = describeIssue(issue, field);
  return { ok: false, error: field ? { code: 'VALIDATION', message, field } : { code: 'VALIDATION', message } };
}

const takesNoData = (schema: z.ZodType): boolean => schema === noPayload;

function describeIssue(issue: z.core.$ZodIssue | undefined, field: string): string {
  if (!issue) return 'The request is invalid';
  if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_type' && field) {
    return issue.input === undefined ? `${field} is required` : `${field} must be a ${issue.expected}`;
  }
  if (issue.code === 'invalid_type') return `The request must be ${issue.expected === 'object' ? 'an object' : 'empty'}`;
  return issue.message;
}
