// Worker thread entry of the built-in sandbox (see sandbox-thread.ts): starts it with the options
// it was given, says where it listens, and closes it when asked.
import { parentPort, workerData } from 'node:worker_threads';
import { startSandbox, type SandboxOptions } from '../sandbox/index';
import type { FromSandboxThread, ToSandboxThread } from './sandbox-thread';

const port = parentPort;
if (port === null) throw new Error('sandbox-worker runs as a worker thread');
const send = (message: FromSandboxThread) => port.postMessage(message);

startSandbox(workerData as SandboxOptions).then(
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
