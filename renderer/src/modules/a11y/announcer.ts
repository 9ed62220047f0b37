// What changes by itself (a withdrawal settled, a quote gone stale, a sync finished, the
// connection lost) is said to a screen reader through one polite live region in the shell
// (LiveAnnouncer.vue), without moving focus. A message repeated word for word is still said again:
// the region is emptied first, since a live region only speaks when its text changes.
import { ref } from 'vue';

export type Politeness = 'polite' | 'assertive';

const polite = ref('');
const assertive = ref('');

export const announced = { polite, assertive };

export function announce(text: string, politeness: Politeness = 'polite'): void {
  const region = politeness === 'assertive' ? assertive : polite;
  region.value = '';
  // The next task, so the emptied region is rendered before the new text arrives.
  setTimeout(() => {
    region.value = text;
  }, 50);
}
