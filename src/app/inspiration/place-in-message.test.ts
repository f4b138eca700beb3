import { describe, expect, it } from 'vitest';
import { placedWords, placeInMessage } from './place-in-message';

describe('placeInMessage', () => {
  it('inserts the post at the cursor, replacing a selection', () => {
    expect(placeInMessage('Hi {{firstName}}, .', { start: 18, end: 18 }, 'POST')).toEqual({
      kind: 'insert',
      text: 'Hi {{firstName}}, POST.',
    });
    expect(placeInMessage('Hi there, friend', { start: 3, end: 8 }, 'POST')).toEqual({ kind: 'insert', text: 'Hi POST, friend' });
  });

  it('fills an empty message without asking', () => {
    expect(placeInMessage('', null, 'POST')).toEqual({ kind: 'fill', text: 'POST' });
    expect(placeInMessage('  \n', { start: 1, end: 1 }, 'POST')).toEqual({ kind: 'fill', text: 'POST' });
  });

  it('adds the post after a written message, on its own paragraph, when no cursor was placed in it (nothing is asked)', () => {
    expect(placeInMessage('Hello', null, 'POST')).toEqual({ kind: 'append', text: 'Hello\n\nPOST' });
    expect(placeInMessage('Hello\n\n  ', null, 'POST')).toEqual({ kind: 'append', text: 'Hello\n\nPOST' });
  });

  it('says where the post went', () => {
    expect(placedWords('insert', 'Message 1')).toBe('Inserted at the cursor in “Message 1”.');
    expect(placedWords('append', 'Message 1')).toMatch(/^Added after the message of “Message 1”\./);
    expect(placedWords('fill', 'Message 1')).toBe('Copied into “Message 1”.');
  });

  it('keeps a stale cursor inside the message', () => {
    expect(placeInMessage('Hey', { start: 10, end: 12 }, '!')).toEqual({ kind: 'insert', text: 'Hey!' });
    expect(placeInMessage('Hey', { start: 2, end: 1 }, '-')).toEqual({ kind: 'insert', text: 'H-ey' });
  });
});
