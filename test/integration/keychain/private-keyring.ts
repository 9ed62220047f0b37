// A private D-Bus session with an unlocked gnome-keyring, started by the test itself so the
// keychain tests hit a real Secret Service without touching the user's keyring. Point this
// process (or a child) at it through the returned env.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface PrivateBus {
  /** DBUS_SESSION_BUS_ADDRESS, HOME and XDG_RUNTIME_DIR for processes that should use it. */
  env: { DBUS_SESSION_BUS_ADDRESS: string; HOME: string; XDG_RUNTIME_DIR: string };
  stop(): Promise<void>;
}

export interface PrivateBusOptions {
  /** 'unlocked' (default): login keyring unlocked; 'locked': daemon runs, nothing unlocked;
   *  'none': a bus that cannot activate any secret service. */
  keyring?: 'unlocked' | 'locked' | 'none';
}

const BARE_BUS_CONFIG = `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`;

export async function startPrivateBus(options: PrivateBusOptions = {}): Promise<PrivateBus> {
  const keyring = options.keyring ?? 'unlocked';
  const root = mkdtempSync(join(tmpdir(), 'coffer-bus-'));
  const home = join(root, 'home');
  mkdirSync(join(home, 'run'), { recursive: true, mode: 0o700 });
  const config = join(root, 'bus.conf');
  writeFileSync(config, BARE_BUS_CONFIG);
  // 'none' uses a config without service directories, so nothing can provide org.freedesktop.secrets.
  const busArgs = keyring === 'none' ? [`--config-file=${config}`] : ['--session'];
  const bus = spawn('dbus-daemon', [...busArgs, '--nofork', '--print-address=1'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const address = await firstLine(bus);
  const env = { DBUS_SESSION_BUS_ADDRESS: address, HOME: home, XDG_RUNTIME_DIR: join(home, 'run') };
  if (keyring !== 'none') await startKeyringDaemon(env, keyring === 'unlocked');
  return {
    env,
    stop: async () => {
      bus.kill('SIGTERM');
      await new Promise((resolve) => (bus.exitCode === null ? bus.once('exit', resolve) : resolve(null)));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!child.stdout) return reject(new Error('dbus-daemon has no stdout'));
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      lines.close();
      resolve(line.trim());
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`dbus-daemon exited early (${code})`)));
  });
}

/** gnome-keyring-daemon returns once it serves the bus; it exits when the bus goes away. */
function startKeyringDaemon(env: PrivateBus['env'], unlock: boolean): Promise<void> {
  const args = unlock ? ['--unlock', '--components=secrets'] : ['--start', '--components=secrets'];
  return new Promise((resolve, reject) => {
    const child = execFile('gnome-keyring-daemon', args, { env: { ...process.env, ...env } }, (error) =>
      error ? reject(error) : resolve(),
    );
    // A daemon started locked reads no password and may close its stdin first: a write then
    // fails with EPIPE, which is no failure of the start (its exit status says that).
    child.stdin?.on('error', () => undefined);
    if (unlock) child.stdin?.end('coffer-test-keyring');
    else child.stdin?.end();
  });
}
