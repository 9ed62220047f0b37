// The web host's port: COFFER_HOST_PORT read strictly, the port of last time remembered in the data
// directory and tried first, any free port when that one is taken; the token still changes each
// launch. Real listening sockets on 127.0.0.1.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventBus } from '../../../main/core/events';
import { HOST_PORT_FILE, portFromEnv, readRememberedPort, rememberPort } from '../../../main/host/host-port';
import { startWebServer, type RunningHost } from '../../../main/host/web-server';

let dir: string;
const opened: Array<RunningHost | Server> = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coffer-host-port-'));
});

afterEach(async () => {
  for (const one of opened.splice(0)) {
    if ('token' in one) await one.close();
    else await new Promise((done) => one.close(done));
  }
  rmSync(dir, { recursive: true, force: true });
});

const noCalls = { connect: () => ({ dispatch: () => Promise.reject(new Error('no calls expected')), close: () => undefined }) };

async function host(preferredPort?: number): Promise<RunningHost> {
  const running = await startWebServer({ gate: noCalls, events: createEventBus(), rendererDir: dir, preferredPort });
  opened.push(running);
  return running;
}

describe('COFFER_HOST_PORT', () => {
  it('is 0 (any free port) when unset or blank, the number when it is one', () => {
    expect(portFromEnv(undefined)).toBe(0);
    expect(portFromEnv('  ')).toBe(0);
    expect(portFromEnv('8123')).toBe(8123);
  });

  it('refuses anything that is not a port, naming the variable', () => {
    for (const bad of ['80x', '-1', '65536', '1.5', 'port']) {
      expect(() => portFromEnv(bad)).toThrow(/COFFER_HOST_PORT/);
    }
  });
});

describe('the remembered port', () => {
  it('round-trips through the data directory, which is made when missing', () => {
    const dataDir = join(dir, 'not-yet');
    expect(readRememberedPort(dataDir)).toBeUndefined();
    rememberPort(dataDir, 40123);
    expect(readFileSync(join(dataDir, HOST_PORT_FILE), 'utf8')).toBe('40123\n');
    expect(readRememberedPort(dataDir)).toBe(40123);
  });

  it('ignores a file that does not hold a port', () => {
    for (const text of ['', 'abc', '0', '70000', '12 34', '-5']) {
      writeFileSync(join(dir, HOST_PORT_FILE), text);
      expect(readRememberedPort(dir)).toBeUndefined();
    }
  });

  it('is listened on again when free, with a new token', async () => {
    const first = await host();
    const { port, token } = first;
    await first.close();
    opened.splice(opened.indexOf(first), 1);
    const again = await host(port);
    expect(again.port).toBe(port);
    expect(again.token).not.toBe(token);
    expect(again.url).toBe(`http://127.0.0.1:${port}/#token=${again.token}`);
  });

  it('gives way to any free port when another program holds it', async () => {
    const other = createServer();
    opened.push(other);
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    const taken = (other.address() as { port: number }).port;
    const running = await host(taken);
    expect(running.port).not.toBe(taken);
    expect(running.port).toBeGreaterThan(0);
  });
});
