// Whether the Keyboard dialog (the list of page-wide keys) is open: opened by `?` and by the
// status bar's button, closed by Escape or its Close button.
import { ref } from 'vue';

export const keyboardHelpOpen = ref(false);

export function openKeyboardHelp(): void {
  keyboardHelpOpen.value = true;
}
