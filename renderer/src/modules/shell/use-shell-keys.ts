// The shell's listener for the page-wide keys (a11y/key-sequence.ts says which key does what):
// goes to pages, focuses the page's search field, reads the page again, opens the Keyboard dialog.
import { onBeforeUnmount, onMounted } from 'vue';
import { useRouter } from 'vue-router';
import { announce } from '../a11y/announcer';
import { FIELD_SELECTOR, IDLE, readKey, type SequenceState, type ShortcutAction } from '../a11y/key-sequence';
import { runRefreshShortcut, SEARCH_FIELD_SELECTOR } from '../a11y/shortcuts';
import { openKeyboardHelp } from './keyboard-help';
import { GO_KEYS } from './nav-items';
import { focusPageHeading } from './page-focus';

export function useShellKeys(): void {
  const router = useRouter();
  let state: SequenceState = IDLE;

  function onKeydown(event: KeyboardEvent): void {
    if (event.defaultPrevented || event.isComposing) return;
    const target = event.target instanceof Element ? event.target : null;
    const outcome = readKey(
      state,
      {
        key: event.key,
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
        inField: target?.closest(FIELD_SELECTOR) != null,
        time: event.timeStamp,
      },
      GO_KEYS,
    );
    state = outcome.state;
    if (outcome.handled) event.preventDefault();
    if (outcome.action) run(outcome.action);
  }

  function run(action: ShortcutAction): void {
    switch (action.kind) {
      case 'go':
        if (router.currentRoute.value.name === action.page) focusPageHeading();
        else void router.push({ name: action.page });
        return;
      case 'search':
        if (!focusSearchField()) announce('This page has no search field');
        return;
      case 'refresh':
        announce(runRefreshShortcut() ? 'Reading the page again' : 'Nothing to read again on this page');
        return;
      case 'help':
        openKeyboardHelp();
        return;
    }
  }

  onMounted(() => window.addEventListener('keydown', onKeydown));
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown));
}

/** The marked field, or the text field inside it when the mark sits on a wrapper. */
function focusSearchField(): boolean {
  const marked = document.querySelector<HTMLElement>(SEARCH_FIELD_SELECTOR);
  if (!marked) return false;
  const field = marked.matches('input, textarea, select') ? marked : marked.querySelector<HTMLElement>('input, textarea, select');
  (field ?? marked).focus();
  return true;
}
