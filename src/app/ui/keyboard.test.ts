// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { focusAfterKey } from './keyboard';

afterEach(() => document.body.replaceChildren());

describe('focusAfterKey', () => {
  it('moves focus into the field only once the key that asked for it is handled (so the key types nothing there)', async () => {
    const box = document.createElement('textarea');
    box.id = 'reply';
    document.body.append(box);
    let handling = false;
    let focusedWhileHandling = false;
    box.addEventListener('focus', () => (focusedWhileHandling ||= handling));
    document.addEventListener('keydown', (e) => {
      if (e.key !== 'r') return;
      focusAfterKey('reply');
      e.preventDefault();
    });
    handling = true;
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'r', cancelable: true }));
    handling = false;
    expect(focusedWhileHandling).toBe(false);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(box);
  });
});
