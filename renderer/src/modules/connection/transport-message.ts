// What the full-page connection notice says for each transport state (nothing when ready).
import type { TransportState } from '../../bridge';

export interface TransportNotice {
  tone: 'info' | 'warning' | 'error';
  title: string;
  detail: string;
  /** True while the bridge is still trying on its own. */
  retrying: boolean;
}

const RELAUNCH = 'Start Coffer again (npm start or npm run web) and open the link it prints; each launch has a new access link.';

export function transportNotice(state: TransportState, host: string): TransportNotice | null {
  switch (state.kind) {
    case 'ready':
      return null;
    case 'connecting':
      return { tone: 'info', title: 'Connecting to Coffer…', detail: `Opening the connection to ${host}.`, retrying: true };
    case 'reconnecting':
      return {
        tone: 'warning',
        title: 'Connection lost — reconnecting…',
        detail: `The link to Coffer at ${host} dropped (attempt ${state.attempt}). A request in flight when it dropped is reported with an unknown outcome and never re-sent. If Coffer was restarted, open the new link it printed.`,
        retrying: true,
      };
    case 'unreachable':
      return {
        tone: 'error',
        title: 'Coffer cannot be reached',
        detail: `The Coffer host at ${host} is not answering or refused this page's access token. ${RELAUNCH}`,
        retrying: true,
      };
    case 'refused':
      return { tone: 'error', title: 'Coffer refused this page', detail: `${state.reason} ${RELAUNCH}`, retrying: false };
    case 'no-token':
      return {
        tone: 'error',
        title: 'This page needs its access link',
        detail: `Coffer only answers pages opened through the link it prints at start-up (it ends in #token=…). ${RELAUNCH}`,
        retrying: false,
      };
  }
}
