import { describe, expect, it } from 'vitest';
import { parseWireMessage } from '../../../renderer/src/bridge/wire-parse';

describe('parseWireMessage', () => {
  it('accepts results and known events', () => {
    const ok = { type: 'result', id: 3, result: { ok: true, value: [] } };
    const failed = { type: 'result', id: 4, result: { ok: false, error: { code: 'VALIDATION', message: 'Enter a name', field: 'name' } } };
    const event = { type: 'event', event: 'connectionState', payload: { profileId: 'p', stream: 'wallet', state: 'live' } };
    for (const message of [ok, failed, event]) expect(parseWireMessage(JSON.stringify(message))).toEqual(message);
  });

  it.each([
    ['binary', new Uint8Array([1, 2])],
    ['not JSON', '{'],
    ['an array', '[]'],
    ['a result without an id', JSON.stringify({ type: 'result', result: { ok: true, value: 1 } })],
    ['a result that is no Result', JSON.stringify({ type: 'result', id: 1, result: { ok: 'yes' } })],
    ['an error without a message', JSON.stringify({ type: 'result', id: 1, result: { ok: false, error: { code: 'X' } } })],
    ['an unknown event', JSON.stringify({ type: 'event', event: 'rm -rf', payload: {} })],
    ['a call echoed back', JSON.stringify({ type: 'call', id: 1, op: 'getAppInfo' })],
  ])('ignores %s', (_what, data) => {
    expect(parseWireMessage(data)).toBeNull();
  });
});
