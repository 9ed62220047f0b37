// What a caller passes to start the sandbox and what it gets back. A leaf module: the server
// modules import these types from here, so the public index can re-export them without a cycle.
import type { KeyRight } from './auth/rights';

export interface SandboxLimits {
  /** false switches every rate, burst and order-count limit off (benchmarks). */
  enabled: boolean;
  /** Multiplies every published rate and burst (tests tighten with < 1). Default 1. */
  scale?: number;
}

export interface SandboxOptions {
  /** Loopback port; 0 or omitted picks a free one. */
  port?: number;
  host?: string;
  /** SQLite file, or ':memory:' (default). */
  db?: string;
  /** Seed of the market simulator and of the seeded history. Default 1. */
  seed?: number;
  /** Fix the master account's key pair (all rights); otherwise generated on first seed. */
  apiKey?: string;
  secretKey?: string;
  /** Token for the /sandbox/ test controls; the controls are off when absent. */
  controlToken?: string;
  limits?: SandboxLimits;
  /** WebSocket ping interval; default 30 000 ms. */
  pingIntervalMs?: number;
  /** Skip the 10 000 seeded transactions and 90 days of candles (fast unit tests). */
  lightSeed?: boolean;
  /** How many settled transactions the master's history is seeded with (default 10 000, at most 200 000). */
  seededHistory?: number;
}

export interface SandboxKeyPair {
  apiKey: string;
  secretKey: string;
  rights: KeyRight[];
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:8080 — REST paths (/api/3/...) are appended to it. */
  restUrl: string;
  /** e.g. ws://127.0.0.1:8080 — stream paths (/api/3/ws/...) are appended to it. */
  wsUrl: string;
  master: SandboxKeyPair;
  close(): Promise<void>;
}
