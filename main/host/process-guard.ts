// The web host's last line of defence: an error nothing caught (a rejection nobody awaited, an
// exception thrown from a timer or an event listener) is logged and the host goes on serving. Left
// to Node, it would end the process, closing every page and leaving money moves in flight uncertain
// until a restart. Every known path answers its failures as data; this is for the one nobody foresaw.

export type StrayErrorLog = (line: string) => void;

/** Installs the process-wide handlers; returns a function that removes them. */
export function surviveStrayErrors(log: StrayErrorLog = (line) => console.error(line)): () => void {
  const onRejection = (reason: unknown) => log(`[host] survived an unhandled rejection: ${describe(reason)}`);
  const onException = (error: unknown) => log(`[host] survived an uncaught exception: ${describe(error)}`);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}

/** The stack when there is one (it stays in the host's log; secrets never enter an Error). */
function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return typeof error;
}
