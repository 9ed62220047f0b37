// Connection facts, state only: the page's own link to main (transport) and each profile's
// streams as main reports them in connectionState events.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Events } from '../../../../preload/contract';
import type { TransportState } from '../../bridge';

export type StreamReport = Events['connectionState'];
/** profileId -> stream name -> latest report. */
export type StreamReports = Record<string, Record<string, StreamReport>>;

export const useConnectionStore = defineStore('connection', () => {
  const transport = ref<TransportState>({ kind: 'connecting', attempt: 1 });
  const streams = ref<StreamReports>({});
  /** Counts the times the link to main came up: data read under an older count came over a link since lost. */
  const linkEpoch = ref(0);

  function setTransport(state: TransportState): void {
    if (state.kind === 'ready' && transport.value.kind !== 'ready') linkEpoch.value += 1;
    transport.value = state;
  }

  function recordStream(report: StreamReport): void {
    const forProfile = { ...(streams.value[report.profileId] ?? {}), [report.stream]: report };
    streams.value = { ...streams.value, [report.profileId]: forProfile };
  }

  return { transport, streams, linkEpoch, setTransport, recordStream };
});
