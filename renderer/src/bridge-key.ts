// The bridge is provided once by main.ts; components and composables reach it through useBridge.
import { inject, type InjectionKey } from 'vue';
import type { Bridge } from './bridge';

export const BRIDGE_KEY: InjectionKey<Bridge> = Symbol('coffer-bridge');

export function useBridge(): Bridge {
  const bridge = inject(BRIDGE_KEY);
  if (!bridge) throw new Error('useBridge() called outside the app: main.ts provides the bridge');
  return bridge;
}
