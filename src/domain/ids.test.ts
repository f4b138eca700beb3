import { describe, expect, it } from 'vitest';
import { freshEdgeId, freshId } from './ids';

describe('fresh ids for new steps and connections', () => {
  it('numbers a step after its type, skipping ids in use, and takes the one it gives', () => {
    const taken = new Set(['message_1', 'message_3']);
    expect(freshId('message', taken)).toBe('message_2');
    expect(freshId('message', taken)).toBe('message_4');
    expect([...taken]).toEqual(['message_1', 'message_3', 'message_2', 'message_4']);
  });

  it('keeps letters, digits, _ and - of the stem, replaces the rest, and names a step without a usable stem "step"', () => {
    expect(freshId('Über step!', new Set())).toBe('_ber_step__1');
    expect(freshId('a-b_c9', new Set())).toBe('a-b_c9_1');
    expect(freshId('', new Set())).toBe('step_1');
  });

  it('names a connection after both ends and the output, numbered only when that name is taken', () => {
    const taken = new Set<string>(['e_invite_accepted_thanks']);
    expect(freshEdgeId('start', null, 'invite', taken)).toBe('e_start_invite');
    expect(freshEdgeId('start', undefined, 'end', taken)).toBe('e_start_end');
    expect(freshEdgeId('invite', 'accepted', 'thanks', taken)).toBe('e_invite_accepted_thanks_1');
    expect(freshEdgeId('invite', 'accepted', 'thanks', taken)).toBe('e_invite_accepted_thanks_2');
    expect(taken.has('e_start_invite')).toBe(true);
  });
});
