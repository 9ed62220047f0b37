// zod pieces of the profile requests that carry a rule of their own: endpoints a key may be sent
// to, text free of invisible characters, Basic auth only where the secret is protected, and
// bounded profile ids. The profile and audit request schemas are built from them.
import { z } from 'zod';
import { basicAuthProblem, endpointProblem, type EndpointKind } from './endpoint-rules';
import { hiddenCharacterProblem, PROFILE_ID_MAX, PROFILE_ID_PATTERN } from './text-rules';

/** A URL a key may be sent to; the message never quotes it, since it may hold a password. */
export function endpointUrl(kind: EndpointKind) {
  return z.string().trim().superRefine((value, ctx) => {
    const problem = endpointProblem(value, kind);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** Refuses control and text-direction characters, which could make one name pass for another. */
export function visibleText(what: string) {
  return (value: string, ctx: z.RefinementCtx): void => {
    const problem = hiddenCharacterProblem(value, what);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  };
}

/** Object-level: Basic auth's secret travels as is, so only over TLS or loopback. */
export function basicOnlyOverTls(input: { authMethod: string; restUrl: string; streamUrl: string }, ctx: z.RefinementCtx): void {
  const problem = basicAuthProblem(input.authMethod, input.restUrl, input.streamUrl);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, path: ['authMethod'] });
}

export const profileIdText = z
  .string()
  .min(1, 'Profile id is missing')
  .max(PROFILE_ID_MAX, `Profile id is longer than ${PROFILE_ID_MAX} characters`)
  .regex(PROFILE_ID_PATTERN, 'Profile id may hold only letters, digits, - and _');
