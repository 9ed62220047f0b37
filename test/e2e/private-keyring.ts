// A second desk needs a keychain of its own: a desk's signing key lives in the keychain under a
// fixed name, so two hosts sharing the spec's keyring would be one desk with two windows. This
// starts a private D-Bus session bus and an unlocked gnome-keyring on it, as scripts/with-keyring.sh
// does for the whole run, and gives the environment a host launched on it needs.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { EnvChanges } from './fixtures';

export interface PrivateKeyring {
  /** DBUS_SESSION_BUS_ADDRESS (and a HOME of its own) for startCofferHost. */
  readonly env: EnvChanges;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 10_000;
const run = promisify(execFile);

function busAddress(bus: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let printed = '';
    const timer = setTimeout(() => reject(new Error('dbus-daemon printed no address')), START_TIMEOUT_MS);
    bus.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const line = printed.split('\n')[0];
      if (!printed.includes('\n') || line === undefined) return;
      clearTimeout(timer);
      resolve(line.trim());
    });
    bus.once('exit', (code) => reject(new Error(`dbus-daemon exited (code ${code})`)));
  });
}

/** The keyring takes the name org.freedesktop.secrets on the bus: wait until it holds it (asking
 *  the bus, not the name, so the bus does not start a locked keyring of its own to answer). */
async function keyringReady(env: NodeJS.ProcessEnv): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  const ask = ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', 'string:org.freedesktop.secrets'];
  for (;;) {
    const reply = await run('dbus-send', ask, { env }).then(({ stdout }) => stdout, () => '');
    if (reply.includes('boolean true')) return;
    if (Date.now() > deadline) throw new Error('the private gnome-keyring never took its name on the bus');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function end(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

export async function startPrivateKeyring(): Promise<PrivateKeyring> {
  const home = mkdtempSync(join(tmpdir(), 'coffer-keyring-b-'));
  const runtime = join(home, 'run');
  mkdirSync(runtime, { mode: 0o700 });
  const base: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_RUNTIME_DIR: runtime };
  const bus = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], { env: base, stdio: ['ignore', 'pipe', 'ignore'] });
  let keyring: ChildProcess | null = null;
  const stop = async (): Promise<void> => {
    if (keyring) await end(keyring);
    await end(bus);
    rmSync(home, { recursive: true, force: true });
  };
  try {
    const address = await busAddress(bus);
    const env = { ...base, DBUS_SESSION_BUS_ADDRESS: address };
    keyring = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], { env, stdio: ['pipe', 'ignore', 'ignore'] });
    keyring.stdin?.end('coffer-test-keyring-b');
    await keyringReady(env);
    return { env: { DBUS_SESSION_BUS_ADDRESS: address, HOME: home, XDG_RUNTIME_DIR: runtime }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
