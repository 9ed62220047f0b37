// Applies the published limits (scaled by options.limits.scale) to REST calls, stream messages and
// connections. Switched off entirely with options.limits.enabled = false.
import type { SandboxLimits } from '../options';
import { SlidingWindow } from './sliding-window';
import {
  IP_STREAM_LIMIT, MAX_CONNECTIONS_PER_IP, accountRestLimit, accountStreamLimit, ipRestLimit,
  type LimitRow, type StreamKind,
} from './tables';

export class LimitPolicy {
  private readonly window = new SlidingWindow();
  private readonly connections = new Map<string, number>();
  readonly enabled: boolean;
  private readonly scale: number;

  constructor(options: SandboxLimits | undefined, private readonly now: () => number = Date.now) {
    this.enabled = options?.enabled ?? true;
    this.scale = options?.scale ?? 1;
  }

  allowRestForIp(ip: string, path: string): boolean {
    const row = ipRestLimit(path);
    return row === null || this.allow(`ip:${ip}`, row);
  }

  allowRestForAccount(accountId: number, path: string): boolean {
    const row = accountRestLimit(path);
    return row === null || this.allow(`acct:${accountId}`, row);
  }

  /** One stream message: the per-IP row of its location, then the per-account method row. */
  allowStreamMessage(kind: StreamKind, ip: string, accountId: number | null, method: string): boolean {
    if (!this.allow(`ws-${kind}:${ip}`, IP_STREAM_LIMIT)) return false;
    if (accountId === null) return true;
    const row = accountStreamLimit(kind, method);
    return row === null || this.allow(`ws-${kind}:acct:${accountId}`, row);
  }

  /** Counts an opened connection; false when the IP already holds the maximum. */
  openConnection(ip: string): boolean {
    const open = this.connections.get(ip) ?? 0;
    if (this.enabled && open >= MAX_CONNECTIONS_PER_IP) return false;
    this.connections.set(ip, open + 1);
    return true;
  }

  closeConnection(ip: string): void {
    const open = (this.connections.get(ip) ?? 1) - 1;
    if (open <= 0) this.connections.delete(ip);
    else this.connections.set(ip, open);
  }

  reset(): void {
    this.window.clear();
  }

  private allow(scope: string, row: LimitRow): boolean {
    if (!this.enabled) return true;
    const max = Math.max(1, Math.floor((row.rate + row.burst) * this.scale));
    return this.window.allow(`${scope}:${row.group}`, max, this.now());
  }
}
