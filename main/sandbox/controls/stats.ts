// The service's REST replies counted by HTTP status (the /api/ paths only, not the controls), so a
// test can prove at the service what a client provoked: e.g. no 429 while loading many accounts.
export class ResponseStats {
  private readonly counts = new Map<number, number>();

  count(status: number): void {
    this.counts.set(status, (this.counts.get(status) ?? 0) + 1);
  }

  /** e.g. {"200": 57, "429": 0 is absent}: only statuses seen are listed. */
  byStatus(): Record<string, number> {
    return Object.fromEntries([...this.counts].sort(([a], [b]) => a - b).map(([status, n]) => [String(status), n]));
  }

  reset(): void {
    this.counts.clear();
  }
}
