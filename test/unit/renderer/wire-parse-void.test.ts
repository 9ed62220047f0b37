// A void operation's answer crosses JSON as {ok: true} (an undefined value is dropped): it is
// still an answer, so its call resolves instead of waiting for ever.
import { describe, expect, it } from 'vitest';
import { parseWireMessage } from '../../../renderer/src/bridge/wire-parse';

describe('parseWireMessage, void answers', () => {
  it('takes {ok: true} with no value as the answer of its call', () => {
    const frame = JSON.stringify({ type: 'result', id: 15, result: { ok: true, value: undefined } });
    expect(frame).toBe('{"type":"result","id":15,"result":{"ok":true}}');
    expect(parseWireMessage(frame)).toEqual({ type: 'result', id: 15, result: { ok: true } });
  });

  it('still refuses a result that is neither an answer nor a failure', () => {
    expect(parseWireMessage(JSON.stringify({ type: 'result', id: 1, result: { ok: 'yes' } }))).toBeNull();
    expect(parseWireMessage(JSON.stringify({ type: 'result', id: 1, result: { ok: false } }))).toBeNull();
  });
});
