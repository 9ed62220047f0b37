// The service's REST replies counted by HTTP status and by area (the /api/ paths only, not the
// controls), so a test can prove at the service what a client provoked: e.g. no 429 while loading
// many accounts, or not one buy-crypto request for an amount the form refused.
export class ResponseStats {
  private readonly counts = new Map<number, number>();
  private readonly areas = new Map<string, number>();

  count(status: number, path = ''): void {
    this.counts.set(status, (this.counts.get(status) ?? 0) + 1);
    const area = areaOf(path);
    if (area !== null) this.areas.set(area, (this.areas.get(area) ?? 0) + 1);
  }

  /** e.g. {"/api/3/wallet": 12, "/api/3/buy-crypto": 3}: only areas seen are listed. */
  byArea(): Record<string, number> {
    return Object.fromEntries([...this.areas].sort(([a], [b]) => a.localeCompare(b)));
  }

  /** e.g. {"200": 57, "429": 0 is absent}: only statuses seen are listed. */
  byStatus(): Record<string, number> {
    return Object.fromEntries([...this.counts].sort(([a], [b]) => a - b).map(([status, n]) => [String(status), n]));
  }

  reset(): void {
    this.counts.clear();
    this.areas.clear();
  }
}

/** The first three segments of an /api/ path (/api/3/buy-crypto), or null for any other path. */
function areaOf(path: string): string | null {
  const match = /^\/api\/[^/?]+\/[^/?]+/.exec(path);
  return match === null ? null : match[0];
}
