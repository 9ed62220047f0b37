// What the profile form says about Basic auth per API version, and the card's shared-account line.
import { describe, expect, it } from 'vitest';
import { authMethodNote, sharedAccountText } from '../../../../renderer/src/modules/profiles/profile-notes';

describe('authMethodNote', () => {
  it('says nothing for HS256, whatever the version', () => {
    expect(authMethodNote('3', 'HS256')).toBeNull();
    expect(authMethodNote('2', 'HS256')).toBeNull();
  });

  it('recommends HS256 over Basic on version 3, saying why: its window bounds when a request can run', () => {
    const note = authMethodNote('3', 'BASIC');
    expect(note?.title).toBe('HS256 is recommended');
    expect(note?.text).toMatch(/could still run at any time/);
    expect(note?.text).toMatch(/refuses it once its time window has passed/);
  });

  it('on version 2, whose documentation names no window, states only what Basic means', () => {
    const note = authMethodNote('2', 'BASIC');
    expect(note?.text).toMatch(/could still run at any time/);
    expect(`${note?.title} ${note?.text}`).not.toMatch(/recommended|window/);
  });
});

describe('sharedAccountText', () => {
  it('words both answers for the card', () => {
    expect(sharedAccountText(false)).toBe('This Coffer only');
    expect(sharedAccountText(true)).toBe('Other desktops or scripts too');
  });
});
