// Injected faults of the test controls: latency and error replies for path patterns ('*' matches
// any run of characters), with an optional count after which an error rule is used up.
import { ServiceError } from '../http/errors';

export interface FaultRule {
  id: number;
  pattern: string;
  method?: string;
  latencyMs?: number;
  status?: number;
  code?: number;
  message?: string;
  /** Uses left (error replies, or delays of a latency-only rule); undefined = unlimited. */
  remaining?: number;
  /** Apply after the request was handled: the effect happens, the reply is delayed or lost. */
  after?: boolean;
}

export class FaultRegistry {
  private rules: FaultRule[] = [];
  private nextId = 1;

  add(rule: Omit<FaultRule, 'id' | 'pattern'> & { pattern: string }): FaultRule {
    const stored: FaultRule = { ...rule, id: this.nextId++ };
    this.rules.push(stored);
    return stored;
  }

  clear(): void {
    this.rules = [];
  }

  list(): readonly FaultRule[] {
    return this.rules;
  }

  get empty(): boolean {
    return this.rules.length === 0;
  }

  /** The delay to add; a latency-only rule with a count is used up like an error rule. */
  latencyFor(method: string, path: string, after = false): number {
    let total = 0;
    for (const rule of this.matching(method, path, after)) {
      if (rule.latencyMs === undefined) continue;
      const counted = rule.status === undefined && rule.remaining !== undefined;
      if (counted && (rule.remaining ?? 0) <= 0) continue;
      total += rule.latencyMs;
      if (counted && rule.remaining !== undefined) rule.remaining -= 1;
    }
    return total;
  }

  /** The error to reply with (instead of handling, or after it), consuming one use of its rule. */
  takeError(method: string, path: string, after = false): ServiceError | null {
    const rule = this.matching(method, path, after).find((r) => r.status !== undefined && (r.remaining === undefined || r.remaining > 0));
    if (!rule || rule.status === undefined) return null;
    if (rule.remaining !== undefined) rule.remaining -= 1;
    return new ServiceError(rule.status, rule.code ?? rule.status, rule.message ?? 'Injected fault', `sandbox fault rule ${rule.id}`);
  }

  private matching(method: string, path: string, after: boolean): FaultRule[] {
    return this.rules.filter((rule) => (rule.after === true) === after && (rule.method === undefined || rule.method === method) && globMatches(rule.pattern, path));
  }
}

export function globMatches(pattern: string, path: string): boolean {
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${escaped}$`).test(path);
}
