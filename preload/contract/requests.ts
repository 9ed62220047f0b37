// Main validates every request with its operation's schema before any handler runs, whichever
// transport carried it; a failure names the offending field. Before the schema, every string in the
// request (keys too) must be well-formed text and the request no deeper than any operation's: so no
// schema can forget the first, and neither a refine nor a handler ever sees what cannot be encoded.
import type { z } from 'zod';
import { OPERATION_NAMES, OPERATIONS, type OperationName, type RequestOf, type Result } from '../contract';
import { noPayload } from './operation';
import { wellFormedProblem } from './text-rules';

/** Deeper than any operation's request; a request nested further is refused before its schema runs. */
export const MAX_REQUEST_DEPTH = 16;

export function isOperationName(op: unknown): op is OperationName {
  return typeof op === 'string' && (OPERATION_NAMES as readonly string[]).includes(op);
}

/** Parse a request for `op`; on failure a VALIDATION error naming the first bad field. */
export function parseRequest<K extends OperationName>(op: K, request: unknown): Result<RequestOf<K>> {
  const schema = OPERATIONS[op].request as z.ZodType<RequestOf<K>, unknown>;
  const shape = takesNoData(schema) ? null : textShapeProblem(request, [], 0);
  if (shape !== null) return { ok: false, error: { code: 'VALIDATION', ...shape } };
  // The input in each issue tells a value of the wrong type from a missing one; it is never echoed.
  const parsed = schema.safeParse(request, { reportInput: true });
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

/** The first string (value or key) that is not well-formed, or the first value nested too deeply. */
function textShapeProblem(value: unknown, path: readonly string[], depth: number): { message: string; field: string } | null {
  const field = path.length === 0 ? 'request' : path.join('.');
  if (typeof value === 'string') {
    const message = wellFormedProblem(value, field);
    return message === null ? null : { message, field };
  }
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= MAX_REQUEST_DEPTH) return { message: `${field} is nested too deeply`, field };
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
  for (const [key, inner] of entries) {
    const keyProblem = wellFormedProblem(key, 'A field name');
    if (keyProblem !== null) return { message: keyProblem, field };
    const problem = textShapeProblem(inner, [...path, key], depth + 1);
    if (problem !== null) return problem;
  }
  return null;
}
