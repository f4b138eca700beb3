import { describe, expect, it } from 'vitest';
import { inboxStepHref, statsSentence } from './step-stats';

describe('step stats', () => {
  it('links to the inbox filtered to the step', () => {
    expect(inboxStepHref('c1', 'follow up')).toBe('/inbox?campaign=c1&step=follow+up');
  });
  it('says the counts in words', () => {
    expect(statsSentence({ conversations: 12, replied: 5, needToReply: 2 })).toBe('12 conversations, 5 replied, 2 need a reply');
    expect(statsSentence({ conversations: 1, replied: 0, needToReply: 1 })).toBe('1 conversation, 0 replied, 1 needs a reply');
  });
});
