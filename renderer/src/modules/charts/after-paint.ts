// A chart's code (echarts, about a megabyte) is fetched when the chart is first put on screen.
// A chart drawn from the same answer as a table waits until that answer has been painted, so the
// rows show first and the chart's fetch and parsing never hold them back.
import { ref, watch, type Ref } from 'vue';

/** Runs `then` once the frame being prepared has been painted. */
export function afterNextPaint(then: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(then, 0);
    return;
  }
  // A frame callback runs before its paint; a task queued from it runs after.
  requestAnimationFrame(() => setTimeout(then, 0));
}

/** False until `ready` first holds and the frame showing it has been painted; true from then on. */
export function usePaintedOnce(ready: () => boolean, schedule: (then: () => void) => void = afterNextPaint): Ref<boolean> {
  const painted = ref(false);
  let scheduled = false;
  watch(
    ready,
    (isReady) => {
      if (!isReady || scheduled) return;
      scheduled = true;
      schedule(() => (painted.value = true));
    },
    { immediate: true },
  );
  return painted;
}
