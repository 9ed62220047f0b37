// `npm run coffer -- <command>`: exports and verification without the app (see cli-args.ts for
// usage and exit codes). A usage error names the argument and exits 64; a missing file, folder
// or profile exits 66.
import { resolveDataDir } from '../db/data-dir';
import { CliError, EXIT, exportArgs, usageError, USAGE, verifyArgs } from './cli-args';
import { exportCommand } from './export-command';
import { verifyCommand } from './verify-command';

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    console.error(USAGE);
    return EXIT.usage;
  }
  if (command === '--help' || command === '-h' || command === 'help' || rest.includes('--help')) {
    console.log(USAGE);
    return EXIT.ok;
  }
  const print = (line: string) => console.log(line);
  if (command === 'export') return exportCommand(exportArgs(rest), resolveDataDir(), print);
  if (command === 'verify') return verifyCommand(verifyArgs(rest), resolveDataDir(), print);
  throw usageError(`unknown command ${command}: use export or verify (--help tells more)`);
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof CliError) {
      console.error(`coffer: ${error.message}`);
      if (error.exitCode === EXIT.usage) console.error('Run npm run coffer -- --help for usage.');
      process.exitCode = error.exitCode;
      return;
    }
    console.error(`coffer: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = EXIT.failed;
  },
);
