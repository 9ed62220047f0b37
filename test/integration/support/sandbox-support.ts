// What every integration harness does with a sandbox: call its test controls, and wait for an
// event the core emitted (already, or soon).
export type ControlCall = (method: string, path: string, body?: unknown) => Promise<unknown>;

/** Calls the sandbox's /sandbox/* controls with the token; a refusal throws with the reply. */
export function sandboxControl(restUrl: string, token: string): ControlCall {
  return async (method, path, body) => {
    const response = await fetch(`${restUrl}${path}`, {
      method,
      headers: { 'X-Sandbox-Token': token, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json: unknown = await response.json();
    if (!response.ok) throw new Error(`control ${path} failed: ${JSON.stringify(json)}`);
    return json;
  };
}

export interface EmittedEvent {
  event: string;
  payload: unknown;
}

/** The first payload of `event` (from `fromIndex` on) that matches, polling until `timeoutMs`. */
export async function waitForEmitted<P>(
  events: readonly EmittedEvent[],
  event: string,
  predicate: (payload: P) => boolean,
  timeoutMs: number,
  fromIndex: number,
): Promise<P> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const emitted of events.slice(fromIndex)) {
      if (emitted.event === event && predicate(emitted.payload as P)) return emitted.payload as P;
    }
    if (Date.now() > deadline) throw new Error(`no ${event} event matched within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
