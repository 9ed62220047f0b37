// Which port the web host listens on. COFFER_HOST_PORT wins; otherwise the host tries the port it
// had last time (kept in the data directory) so a returning browser finds the page's files in its
// cache, which is kept per origin and so per port, and falls back to any free port when that one is
// taken. The token still changes every launch: a remembered port grants nothing by itself.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const HOST_PORT_FILE = 'host-port';

/** COFFER_HOST_PORT as a port number; 0 (pick one) when unset. */
export function portFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 0;
  const port = Number.parseInt(raw, 10);
  if (!isPort(port) || String(port) !== raw.trim()) {
    throw new Error(`COFFER_HOST_PORT must be a port number between 0 and 65535, got "${raw}"`);
  }
  return port;
}

/** The port remembered in the data directory; undefined when none is, or the file is not one. */
export function readRememberedPort(dataDir: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(join(dataDir, HOST_PORT_FILE), 'utf8').trim();
  } catch {
    return undefined;
  }
  const port = Number(text);
  return /^\d{1,5}$/.test(text) && isPort(port) && port > 0 ? port : undefined;
}

/** Remembers the port for the next launch; a data directory that cannot be written is no reason to stop. */
export function rememberPort(dataDir: string, port: number): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, HOST_PORT_FILE), `${port}\n`);
  } catch (error) {
    console.warn(`[host] could not remember port ${port}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function isPort(port: number): boolean {
  return Number.isInteger(port) && port >= 0 && port <= 65535;
}
