// The building blocks every domain of the contract uses: an operation's request and result types
// (Op), its request schema and whether it only reads (its spec), and the shared "no request data"
// schema. A domain file declares its operations once as an interface and once as specs; the
// `satisfies OperationSpecs<…>` check makes the two agree, so nothing else needs a list.
import { z } from 'zod';

export type Op<Req, Res> = { request: Req; result: Res };

/** The request schema of an operation that takes no request data: nothing, or null, read as nothing.
 *  One shared instance, so a refusal can say which operation takes no data. */
export const noPayload = z.undefined().or(z.null()).transform(() => undefined);

export interface OperationSpec<Req> {
  /**
   * True for an operation that only reads: main may share one answer between identical reads in
   * flight and drop a read nobody waits for any more. Never for a money move, a profile write or
   * anything that creates something at the service.
   */
  reads: boolean;
  request: z.ZodType<Req, unknown>;
}

/** One spec per operation of a domain: a missing or extra operation is a compile error. */
export type OperationSpecs<Ops> = { [K in keyof Ops]: Ops[K] extends Op<infer Req, unknown> ? OperationSpec<Req> : never };

/** An operation that only reads. */
export const reads = <S extends z.ZodType>(request: S) => ({ reads: true, request }) as const;

/** An operation that changes state (at the service or in Coffer): never shared, never dropped. */
export const changes = <S extends z.ZodType>(request: S) => ({ reads: false, request }) as const;

/** Every event of a domain, listed once: a missing or extra event is a compile error. */
export type EventList<Events> = { readonly [E in keyof Events]: true };

export const namesOf = <T extends object>(specs: T): (keyof T & string)[] => Object.keys(specs) as (keyof T & string)[];
