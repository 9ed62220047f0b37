// The renderer's own lists of operation and event names (kept out of the contract's schemas so zod
// stays off the first screen) name exactly what the contract names.
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, OPERATION_NAMES } from '../../../preload/contract';
import { isEventName, RENDERER_EVENT_NAMES, RENDERER_OPERATION_NAMES } from '../../../renderer/src/bridge/contract-names';

describe('the renderer contract names', () => {
  it('lists every operation of the contract and nothing else', () => {
    expect([...RENDERER_OPERATION_NAMES].sort()).toEqual([...OPERATION_NAMES].sort());
  });

  it('lists every event of the contract and nothing else', () => {
    expect([...RENDERER_EVENT_NAMES].sort()).toEqual([...EVENT_NAMES].sort());
  });

  it('knows an event name only when the contract has it', () => {
    expect(isEventName('walletBalances')).toBe(true);
    expect(isEventName('getWalletOverview')).toBe(false);
    expect(isEventName('toString')).toBe(false);
    expect(isEventName(42)).toBe(false);
  });
});
