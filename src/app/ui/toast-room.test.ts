import { describe, expect, it } from 'vitest';
import { toastOffset } from './toast-room';

describe('toastOffset: how far in the toasts stand from a panel at an edge', () => {
  it('the panel’s size, rounded up, while a toast still fits beside it', () => {
    expect(toastOffset('right', 399.5, 1280)).toBe(400);
    expect(toastOffset('bottom', 180, 720)).toBe(180);
  });

  it('nothing when the panel leaves no room for a toast (a phone-wide dock, a list as tall as the window)', () => {
    expect(toastOffset('right', 300, 390)).toBe(0);
    expect(toastOffset('bottom', 700, 768)).toBe(0);
  });
});
