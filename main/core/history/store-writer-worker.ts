// The history store's writer thread (store-writer.ts; built as out/main/history-writer.js): its own
// connection to the store's file, writing each page handed over with its cursors in one
// transaction, in the order received, and answering with what it wrote or why it could not.
import { parentPort, workerData } from 'node:worker_threads';
import { openStoreDatabase, createHistoryStore } from './store';
import type { FromWriter, ToWriter, WriterData } from './store-writer';
import { tradeOfRecord } from './trade-store';

const port = parentPort;
if (port === null) throw new Error('store-writer-worker runs as a worker thread');

const data = workerData as WriterData;
const db = openStoreDatabase(data.path, { nativeBinding: data.nativeBinding });
const store = createHistoryStore(db, data.path);
/** Walks one of whose pages could not be written: their later pages are refused. */
const failedChains = new Set<number>();

function write(message: Extract<ToWriter, { type: 'write' }>): FromWriter {
  const { seq, chain } = message;
  if (chain !== null && failedChains.has(chain)) {
    return { type: 'failed', seq, message: 'an earlier page of this read could not be stored, so this one is not either' };
  }
  try {
    const leftOut = message.leftOut === null ? undefined : { add: message.leftOut.add.map(tradeOfRecord), remove: message.leftOut.remove };
    const written = message.entries.length === 0 && leftOut === undefined
      ? (store.saveCursors(message.cursors), 0)
      : store.writePage(message.entries, message.cursors, leftOut);
    return { type: 'written', seq, written };
  } catch (error) {
    if (chain !== null) failedChains.add(chain);
    return { type: 'failed', seq, message: error instanceof Error ? error.message : String(error) };
  }
}

port.on('message', (message: ToWriter) => {
  if (message.type === 'close') {
    db.close();
    port.close();
    return;
  }
  port.postMessage(write(message));
});
