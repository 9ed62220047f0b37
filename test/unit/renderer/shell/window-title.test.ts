// The window's title carries the count of withdrawals waiting for approval in front of the page's
// name, and nothing at zero; a page change keeps the count and a count change keeps the page.
import { afterEach, describe, expect, it } from 'vitest';
import { showPageTitle, showWaitingCount, titleText } from '../../../../renderer/src/modules/shell/window-title';

describe('window title', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'document');
  });

  it('puts the count in front, 99+ past 99, nothing at zero', () => {
    expect([0, -2, Number.NaN, 1, 99, 100].map((n) => titleText('Wallet — Coffer', n))).toEqual([
      'Wallet — Coffer', 'Wallet — Coffer', 'Wallet — Coffer', '(1) Wallet — Coffer', '(99) Wallet — Coffer', '(99+) Wallet — Coffer',
    ]);
  });

  it('keeps the count across pages and the page across counts', () => {
    const page = { title: '' };
    Object.defineProperty(globalThis, 'document', { value: page, configurable: true });
    showPageTitle('Wallet — Coffer');
    expect(page.title).toBe('Wallet — Coffer');
    showWaitingCount(3);
    expect(page.title).toBe('(3) Wallet — Coffer');
    showPageTitle('History — Coffer');
    expect(page.title).toBe('(3) History — Coffer');
    showWaitingCount(0);
    expect(page.title).toBe('History — Coffer');
  });
});
