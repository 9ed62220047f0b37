// The clock countdowns tick on while the component lives.
import { onScopeDispose, ref, type Ref } from 'vue';
import { useBridge } from '../../bridge-key';

export interface ServiceNow {
  /** Milliseconds since the epoch on the service's clock, ticking. */
  now: Ref<number>;
  /** Reads the offset from main again (after a reload whose replies carried the service's time). */
  resync: () => Promise<void>;
}

/**
 * The service's time, ticking: this computer's clock plus the offset main has learned from the
 * service, re-read every `resyncMs` and whenever `resync()` is called. A deadline set by the
 * service is counted down on its clock, even when this desktop's clock is off.
 */
export function useServiceNow(
  readOffset: () => Promise<number | null>,
  intervalMs = 1000,
  resyncMs = 30_000,
): ServiceNow {
  let offsetMs = 0;
  const now = ref(Date.now());
  const tick = () => (now.value = Date.now() + offsetMs);
  async function resync(): Promise<void> {
    const offset = await readOffset();
    if (offset === null) return; // unknown (no profile, link down): keep the last estimate
    offsetMs = offset;
    tick();
  }
  const ticker = setInterval(tick, intervalMs);
  const syncer = setInterval(() => void resync(), resyncMs);
  onScopeDispose(() => {
    clearInterval(ticker);
    clearInterval(syncer);
  });
  void resync();
  return { now, resync };
}

/** The service's time as main knows it (unknown without a profile or a link: null). */
export function useServiceClock(): ServiceNow {
  const { api } = useBridge();
  return useServiceNow(async () => {
    const result = await api.getServiceClock();
    return result.ok ? result.value.offsetMs : null;
  });
}
