// The clock countdowns tick on while the component lives.
import { onScopeDispose, ref, type Ref } from 'vue';

/**
 * The service's time, ticking: this computer's clock plus the offset main has learned from the
 * service, re-read every `resyncMs` and whenever `resync()` is called. A deadline set by the
 * service is counted down on its clock, even when this desktop's clock is off.
 */
export function useServiceNow(
  readOffset: () => Promise<number | null>,
  intervalMs = 1000,
  resyncMs = 30_000,
): { now: Ref<number>; resync: () => Promise<void> } {
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
