import { describe, expect, it } from 'vitest';
import { selectionWords } from './selection';

describe('selectionWords', () => {
  it('counts steps, and names connections apart', () => {
    expect(selectionWords(5, 0)).toBe('5 steps');
    expect(selectionWords(1, 0)).toBe('1 step');
    expect(selectionWords(2, 1)).toBe('2 steps and 1 connection');
    expect(selectionWords(0, 3)).toBe('3 connections');
  });
});
