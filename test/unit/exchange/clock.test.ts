import { describe, expect, it } from 'vitest';
import { ServiceClock } from '../../../main/exchange/clock';

describe('ServiceClock', () => {
  it('learns the offset from Date headers and never signs ahead of the service', () => {
    let local = Date.parse('2026-01-01T00:00:00.400Z');
    const clock = new ServiceClock(() => local);
    expect(clock.known).toBe(false);
    // The service is 300 s ahead: it stamped 00:05:00 between our 00:00:00.400 and 00:00:00.450.
    clock.observe('Thu, 01 Jan 2026 00:05:00 GMT', local, local + 50);
    local += 50;
    expect(clock.known).toBe(true);
    const serviceNowLowest = Date.parse('2026-01-01T00:05:00Z');
    expect(clock.now()).toBeGreaterThanOrEqual(serviceNowLowest - 1_000);
    expect(clock.now()).toBeLessThanOrEqual(serviceNowLowest + 50);
    expect(clock.wouldReject(local, 10_000)).toBe(true);
    expect(clock.wouldReject(clock.now(), 10_000)).toBe(false);
  });

  it('narrows with more samples and restarts when the service clock jumps', () => {
    let local = 10_000_000;
    const clock = new ServiceClock(() => local);
    clock.observe(new Date(local + 600).toUTCString(), local, local + 10);
    const first = clock.offsetMs;
    local += 1_500;
    clock.observe(new Date(Math.floor((local + 700) / 1000) * 1000).toUTCString(), local, local + 10);
    expect(clock.offsetMs).toBeGreaterThanOrEqual(first);
    const jumped = clock.observe(new Date(local + 3_600_000).toUTCString(), local, local + 10);
    expect(jumped).toBe(true);
    expect(clock.offsetMs).toBeGreaterThan(3_590_000);
  });
});
