// Facts about the running app (version, transport, data dir), state only.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppInfo } from '../../../../preload/contract';

export const useAppStore = defineStore('app', () => {
  const info = ref<AppInfo | null>(null);
  function setInfo(next: AppInfo): void {
    info.value = next;
  }
  return { info, setInfo };
});
