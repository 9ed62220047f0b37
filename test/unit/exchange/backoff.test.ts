import { describe, expect, it } from 'vitest';
import { backoffDelayMs, parseRetryAfter, rateLimitHoldMs, retryDelayMs } from '../../../main/exchange/backoff';

const policy = { baseMs: 100, capMs: 1_000, maxAttempts: 5 };

describe('backoff', () => {
  it('doubles per attempt, half fixed and half jitter, up to the cap', () => {
    expect(backoffDelayMs(0, policy, () => 0)).toBe(50);
    expect(backoffDelayMs(0, policy, () => 1)).toBe(100);
    expect(backoffDelayMs(3, policy, () => 0)).toBe(400);
    expect(backoffDelayMs(3, policy, () => 0.5)).toBe(600);
    expect(backoffDelayMs(10, policy, () => 1)).toBe(1_000);
    expect(backoffDelayMs(10, policy, () => 0)).toBe(500);
  });

  it('honours Retry-After in seconds or as a date, whichever is longer than the backoff', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2_000);
    expect(parseRetryAfter('0.5005', now)).toBe(501); // parseFloat('0.5005') * 1000 rounds to 500
    expect(parseRetryAfter('0.29', now)).toBe(290);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(retryDelayMs(0, policy, 3_000, () => 1)).toBe(3_000);
    expect(retryDelayMs(3, policy, 10, () => 1)).toBe(800);
  });

  it('holds a rate-limited class for the Retry-After, else one second of the service\'s count, never past a minute', () => {
    expect(rateLimitHoldMs(3_000)).toBe(3_000);
    expect(rateLimitHoldMs(0)).toBe(0);
    expect(rateLimitHoldMs(undefined)).toBe(1_000);
    expect(rateLimitHoldMs(3_600_000)).toBe(60_000);
  });
});
