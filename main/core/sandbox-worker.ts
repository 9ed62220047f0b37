// Worker thread entry of the built-in sandbox (see sandbox-thread.ts): seeds a database file when
// sent 'prepare', starts the sandbox with the options of its 'start' message (the thread may be
// made before they are known), says where it listens, and closes it when asked.
import { parentPort } from 'node:worker_threads';
import { prepareSandboxDb, startSandbox, type PrepareOptions, type SandboxOptions } from '../sandbox/index';
import type { FromSandboxThread, ToSandboxThread } from './sandbox-thread';

const port = parentPort;
if (port === null) throw new Error('sandbox-worker runs as a worker thread');
const send = (message: FromSandboxThread) => port.postMessage(message);

const start = (options: SandboxOptions): void => {
  startSandbox(options).then(
    (sandbox) => {
      send({ type: 'started', restUrl: sandbox.restUrl, wsUrl: sandbox.wsUrl, master: sandbox.master });
      port.on('message', (message: ToSandboxThread) => {
        if (message.type !== 'close') return;
        void sandbox.close().finally(() => {
          send({ type: 'closed' });
          port.close();
        });
      });
    },
    (error: unknown) => send({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
};

const onMessage = (message: ToSandboxThread) => {
  if (message.type === 'prepare') return prepare(message.options);
  if (message.type !== 'start') return;
  port.off('message', onMessage);
  start(message.options);
};
// Seeding ahead is only a head start: when it fails, the start seeds (or reports why it cannot).
function prepare(options: PrepareOptions): void {
  try {
    prepareSandboxDb(options);
  } catch {
    // the start that follows meets the same file and says what is wrong with it
  }
}

port.on('message', onMessage);
