// Whether the active profile's key is known to lack a right, in the words pages show before the
// user starts an action that needs it. Unknown rights (never checked) offer the action: the
// service then says so itself, naming the right.
import { computed, type ComputedRef } from 'vue';
import type { KeyRight } from '../../../../preload/contract';
import { knownToLack, missingRightWords } from '../../../../preload/contract/key-rights';
import { useProfilesStore } from './profiles-store';

/** "This key lacks the Withdraw right (WDR)" while the active profile's key is known to lack it, else null. */
export function useMissingRight(right: KeyRight): ComputedRef<string | null> {
  const missing = useMissingRights();
  return computed(() => missing.value(right));
}

/** The same for any right, for a page whose actions need different ones. */
export function useMissingRights(): ComputedRef<(right: KeyRight) => string | null> {
  const store = useProfilesStore();
  return computed(() => {
    const rights = store.activeProfile?.rights ?? null;
    return (right: KeyRight) => (knownToLack(rights, right) ? missingRightWords(right) : null);
  });
}
