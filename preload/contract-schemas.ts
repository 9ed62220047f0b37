// One zod schema per operation request. Main validates every request with these before any
// handler runs, whichever transport carried it; a failure names the offending field.
import { z } from 'zod';
import {
  API_VERSIONS,
  AUTH_METHODS,
  OPERATION_NAMES,
  type OperationName,
  type Operations,
  type RequestOf,
  type Result,
} from './contract';
import { noPayload } from './contract/no-payload';
import { basicOnlyOverTls, endpointUrl, profileIdText, visibleText } from './contract/profile-schemas';
import { PENDING_REQUEST_SCHEMAS } from './contract/pending-schemas';
import { WALLET_REQUEST_SCHEMAS } from './contract/wallet-schemas';

/** Compile-time proof that OPERATION_NAMES lists every key of Operations, and nothing else. */
type Missing = Exclude<OperationName, (typeof OPERATION_NAMES)[number]>;
const everyOperationListed: [Missing] extends [never] ? true : Missing = true;
void everyOperationListed;

const profileFields = {
  name: z.string().trim().min(1, 'Enter a name').max(80, 'Keep the name under 80 characters').superRefine(visibleText('The name')),
  apiVersion: z.enum(API_VERSIONS, { error: `API version must be one of ${API_VERSIONS.join(', ')}` }),
  restUrl: endpointUrl('rest'),
  streamUrl: endpointUrl('stream'),
  authMethod: z.enum(AUTH_METHODS, { error: `Auth method must be one of ${AUTH_METHODS.join(', ')}` }),
  publicKey: z.string().trim().min(1, 'Enter the public key').max(512, 'The public key is too long').superRefine(visibleText('The public key')),
};

// Trimmed: a pasted key often carries a trailing newline, which would break every signature.
const secretKey = z.string().trim().max(1024, 'The secret key is too long');
const profileId = z.object({ id: profileIdText }).strict();

export const REQUEST_SCHEMAS = {
  getAppInfo: noPayload,
  listProfiles: noPayload,
  createProfile: z
    .object({ ...profileFields, secretKey: secretKey.min(1, 'Enter the secret key') })
    .strict()
    .superRefine(basicOnlyOverTls),
  updateProfile: z
    .object({ ...profileFields, secretKey: secretKey.optional(), id: profileIdText })
    .strict()
    .superRefine(basicOnlyOverTls),
  removeProfile: profileId,
  activateProfile: profileId,
  checkProfileRights: profileId,
  listStreamStates: noPayload,
  ...WALLET_REQUEST_SCHEMAS,
  ...PENDING_REQUEST_SCHEMAS,
} as const satisfies RequestSchemas;

type RequestSchemas = { [K in OperationName]: z.ZodType<RequestOf<K>, unknown> };
const SCHEMAS: RequestSchemas = REQUEST_SCHEMAS;

export function isOperationName(op: unknown): op is OperationName {
  return typeof op === 'string' && (OPERATION_NAMES as readonly string[]).includes(op);
}

/** Parse a request for `op`; on failure a VALIDATION error naming the first bad field. */
export function parseRequest<K extends OperationName>(op: K, request: unknown): Result<Operations[K]['request']> {
  const schema: RequestSchemas[K] = SCHEMAS[op];
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
