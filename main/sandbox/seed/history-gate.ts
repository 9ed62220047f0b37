// Holds back the requests that may read or change what the seed's late part writes (the master's
// wallet transactions, seed/late-history.ts) until it is written, so no client sees a partial
// history or balances that disagree with it, and no live transaction takes an id before the
// history's. Balance reads and the public market pass at once: they do not depend on those rows.
import type { IncomingMessage } from 'node:http';

const PASSING_READS = [
  /^\/api\/3\/(wallet|spot)\/balance(\/[^/]+)?\/?$/,
  /^\/api\/2\/(account|trading)\/balance\/?$/,
  /^\/api\/[23]\/public\//,
];

export class HistoryGate {
  private waiting: { go: () => void; refuse: (why: string) => void }[] | null = [];
  private failure: string | null = null;

  /** Runs `go` now when the request passes or the gate is open, else once it opens (`refuse` if the late part failed). */
  admit(req: IncomingMessage, go: () => void, refuse: (why: string) => void): void {
    if (this.failure !== null) return refuse(this.failure);
    if (this.waiting === null || passes(req)) return go();
    this.waiting.push({ go, refuse });
  }

  /** Lets the held requests through, or refuses them (and every later one) with `failure`. */
  open(failure?: string): void {
    const held = this.waiting ?? [];
    this.waiting = null;
    if (failure !== undefined) this.failure = failure;
    for (const { go, refuse } of held) {
      if (failure === undefined) go();
      else refuse(failure);
    }
  }
}

function passes(req: IncomingMessage): boolean {
  if (req.method !== 'GET') return false;
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  return PASSING_READS.some((pattern) => pattern.test(path));
}
