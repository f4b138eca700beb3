import { describe, expect, it } from 'vitest';
import { outputLabel, outputLabels, senderNames, stepNames } from './names';

/** How messages name things: steps by label and number, outputs by label, senders by name. */

describe('step names', () => {
  it('numbers steps that share a label in graph order; a repeated id keeps its first name', () => {
    const names = stepNames([
      { id: 'a', type: 'message' },
      { id: 'b', type: 'message' },
      { id: 'a', type: 'end' },
      { id: 'x', type: undefined },
    ]);
    expect(Object.fromEntries(names)).toEqual({ a: 'Message 1', b: 'Message 2', x: 'Unknown step' });
  });

  it('uses the name a user gave a step, and numbers only the unnamed ones', () => {
    const names = stepNames([
      { id: 'a', type: 'message', data: { name: ' Welcome note ' } },
      { id: 'b', type: 'message', data: { name: '   ' } },
      { id: 'c', type: 'message', data: { name: 42 } },
      { id: 'd', type: 'delay', data: {} },
    ]);
    expect(Object.fromEntries(names)).toEqual({ a: 'Welcome note', b: 'Message 1', c: 'Message 2', d: 'Delay' });
  });
});

describe('output names', () => {
  it('labels an output, or says “unnamed” for one the step does not have', () => {
    expect(outputLabel('message', 'no_reply')).toBe('No reply');
    expect(outputLabel('message', 'accepted')).toBe('unnamed');
    expect(outputLabel('start', 'next')).toBe('unnamed');
    expect(outputLabel(undefined, 'next')).toBe('unnamed');
  });

  it('lists the outputs of a branching step, and none of any other', () => {
    expect(outputLabels('connection_request', 'and')).toBe('“Accepted” and “No response”');
    expect(outputLabels('icp_scoring', 'or')).toBe('“Qualified” or “Not qualified”');
    expect(outputLabels('start', 'or')).toBe('');
    expect(outputLabels(undefined, 'or')).toBe('');
  });
});

describe('sender names', () => {
  it('joins names with commas and a last “and”', () => {
    expect(senderNames([{ name: 'Robin' }, { name: 'Sam' }, { name: 'Alex' }])).toBe('Robin, Sam and Alex');
    expect(senderNames([{ name: 'Robin' }])).toBe('Robin');
    expect(senderNames([])).toBe('a sender');
  });
});
