// The service's clock as seen from here. Each response's Date header (one-second resolution)
// bounds the offset service − local; intersecting the bounds narrows it. Signing uses the lower
// bound, so a signed timestamp is never ahead of the service (ahead is what gets refused).
export type LocalNow = () => number;

export class ServiceClock {
  private lowerMs = Number.NEGATIVE_INFINITY;
  private upperMs = Number.POSITIVE_INFINITY;
  /** The last Date header read and its time: replies within one second carry the same text. */
  private lastDate = { header: '', ms: Number.NaN };

  constructor(readonly localNow: LocalNow = Date.now) {}

  get known(): boolean {
    return Number.isFinite(this.lowerMs);
  }

  /** Best conservative estimate of service time minus local time. */
  get offsetMs(): number {
    return this.known ? this.lowerMs : 0;
  }

  now(): number {
    return this.localNow() + this.offsetMs;
  }

  /**
   * Learn from a response: the service stamped `dateHeader` somewhere between `sentAtLocal` and
   * `receivedAtLocal`. Returns true when the estimate moved by more than `jumpMs`.
   */
  observe(dateHeader: string | undefined, sentAtLocal: number, receivedAtLocal: number, jumpMs = 2_000): boolean {
    if (dateHeader !== undefined && dateHeader !== this.lastDate.header) this.lastDate = { header: dateHeader, ms: Date.parse(dateHeader) };
    const stamped = dateHeader === undefined ? Number.NaN : this.lastDate.ms;
    if (!Number.isFinite(stamped)) return false;
    const before = this.offsetMs;
    const lower = stamped - receivedAtLocal;
    const upper = stamped + 1_000 - sentAtLocal;
    const nextLower = Math.max(this.lowerMs, lower);
    const nextUpper = Math.min(this.upperMs, upper);
    if (nextLower > nextUpper) {
      // The clocks drifted or the service clock jumped: start again from this sample.
      this.lowerMs = lower;
      this.upperMs = upper;
    } else {
      this.lowerMs = nextLower;
      this.upperMs = nextUpper;
    }
    return Math.abs(this.offsetMs - before) > jumpMs;
  }

  /** Whether a timestamp signed earlier would fall outside the service's window now. */
  wouldReject(signedAtMs: number, windowMs: number): boolean {
    const serviceNow = this.now();
    return signedAtMs < serviceNow - windowMs || signedAtMs > serviceNow + 1_000;
  }
}
