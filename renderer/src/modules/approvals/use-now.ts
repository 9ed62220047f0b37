// A clock that ticks once a second while the component lives (for countdowns).
import { onScopeDispose, ref, type Ref } from 'vue';

export function useNow(intervalMs = 1000): Ref<number> {
  const now = ref(Date.now());
  const timer = setInterval(() => (now.value = Date.now()), intervalMs);
  onScopeDispose(() => clearInterval(timer));
  return now;
}
