// The ONLY file that touches ipcMain (lint enforces it). Every operation gets one handler that
// first checks the sender frame is our own renderer, then hands the raw payload through the call
// gate to dispatch, which validates it. Each page a window loads is one connection to the gate:
// a reload or a closed window drops that page's waiting reads. Events from core are forwarded to
// the window on one channel.
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { OPERATION_NAMES, type Result } from '../../preload/contract';
import { EVENT_CHANNEL, operationChannel, type IpcEventMessage } from '../../preload/contract/ipc-channels';
import { createCallGate, type CallGate, type GateConnection } from '../core/call-gate';
import { failureFrom } from '../core/app-error';
import type { Dispatch } from '../core/dispatch';
import type { EventBus } from '../core/events';
import { isOwnRendererUrl, type RendererLocation } from './policy';

const FOREIGN_SENDER: Result<never> = {
  ok: false,
  error: { code: 'FORBIDDEN', message: 'Only the Coffer window may call the app' },
};

/** Registers one handler per operation; returns a function that removes them all. */
export function registerContractHandlers(
  dispatch: Dispatch,
  renderer: RendererLocation,
  gate: CallGate = createCallGate(dispatch),
): () => void {
  const connectionOf = pageConnections(gate, renderer);
  for (const op of OPERATION_NAMES) {
    ipcMain.handle(operationChannel(op), async (event: IpcMainInvokeEvent, payload: unknown) => {
      const senderUrl = event.senderFrame?.url ?? '';
      if (!isOwnRendererUrl(senderUrl, renderer)) {
        console.warn(`[ipc] refused ${op} from a foreign frame`);
        return FOREIGN_SENDER;
      }
      // A rejection here would reach the page as Electron's error text, not as a Result.
      try {
        return await connectionOf(event.sender).dispatch(op, payload);
      } catch (error) {
        return failureFrom(op, error);
      }
    });
  }
  return () => OPERATION_NAMES.forEach((op) => ipcMain.removeHandler(operationChannel(op)));
}

/** The gate connection of the page each window shows now, opened at its first call. */
function pageConnections(gate: CallGate, renderer: RendererLocation): (contents: WebContents) => GateConnection {
  const pages = new WeakMap<WebContents, { connection: GateConnection | null }>();
  const endPage = (contents: WebContents) => {
    const page = pages.get(contents);
    page?.connection?.close();
    if (page) page.connection = null;
  };
  return (contents) => {
    let page = pages.get(contents);
    if (page === undefined) {
      page = { connection: null };
      pages.set(contents, page);
      contents.once('destroyed', () => endPage(contents));
      // A new document of our own (a reload): the page that asked has gone. Foreign navigations
      // are refused by the navigation guard and leave the page in place.
      contents.on('did-start-navigation', ({ isMainFrame, isSameDocument, url }) => {
        if (isMainFrame && !isSameDocument && isOwnRendererUrl(url, renderer)) endPage(contents);
      });
    }
    page.connection ??= gate.connect();
    return page.connection;
  };
}

/** Pushes every core event to `contents` until it is destroyed; returns the unsubscribe. */
export function forwardEvents(events: EventBus, contents: WebContents): () => void {
  const unsubscribe = events.subscribe((event, payload) => {
    if (contents.isDestroyed()) return;
    const message: IpcEventMessage = { event, payload };
    contents.send(EVENT_CHANNEL, message);
  });
  contents.once('destroyed', unsubscribe);
  return unsubscribe;
}
