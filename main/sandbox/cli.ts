// npm run sandbox -- --port 8080 [--db FILE|:memory:] [--seed N] [--api-key K --secret-key S]
//   [--control-token T] [--light] [--no-limits]
// Starts the sandbox standalone and prints where it listens and the master key pair.
import { parseArgs } from 'node:util';
import type { SandboxOptions } from './index';
import { startSandbox } from './server';

function readOptions(argv: string[]): SandboxOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '8080' },
      host: { type: 'string' },
      db: { type: 'string', default: ':memory:' },
      seed: { type: 'string', default: '1' },
      'api-key': { type: 'string' },
      'secret-key': { type: 'string' },
      'control-token': { type: 'string' },
      light: { type: 'boolean', default: false },
      'no-limits': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const port = Number.parseInt(values.port, 10);
  const seed = Number.parseInt(values.seed, 10);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`--port: ${values.port} is not a port number`);
  if (!Number.isInteger(seed)) throw new Error(`--seed: ${values.seed} is not an integer`);
  if ((values['api-key'] === undefined) !== (values['secret-key'] === undefined)) throw new Error('--api-key and --secret-key go together');
  return {
    port, host: values.host, db: values.db, seed, apiKey: values['api-key'], secretKey: values['secret-key'],
    controlToken: values['control-token'], lightSeed: values.light, limits: { enabled: !values['no-limits'] },
  };
}

function main(): void {
  let options: SandboxOptions;
  try {
    options = readOptions(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  startSandbox(options).then((sandbox) => {
    console.log(`REST base URL:      ${sandbox.restUrl}   (paths /api/3/...)`);
    console.log(`Streaming base URL: ${sandbox.wsUrl}   (paths /api/3/ws/public, /api/3/ws/trading, /api/3/ws/wallet)`);
    console.log(`Master API key:     ${sandbox.master.apiKey}`);
    console.log(`Master secret key:  ${sandbox.master.secretKey}`);
    if (options.controlToken) console.log(`Test controls:      ${sandbox.restUrl}/sandbox/ (Authorization: Bearer <control token>)`);
    const stop = (): void => {
      sandbox.close().then(() => process.exit(0), () => process.exit(1));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }, (error: unknown) => {
    console.error('sandbox failed to start:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

main();
