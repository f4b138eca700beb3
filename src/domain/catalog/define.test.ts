import { describe, expect, it } from 'vitest';
import { define } from './define';

describe('define (one catalog entry)', () => {
  it('fills what an entry leaves out: one output, no fields, empty defaults, no summary, sends nothing', () => {
    const entry = define('follow', { label: 'Follow', description: 'Follows the prospect.', category: 'linkedin' });
    expect(entry.outputs).toEqual({ kind: 'single' });
    expect(entry.fields).toEqual([]);
    expect(entry.defaults()).toEqual({});
    expect(entry.summary({ anything: 1 })).toBe('');
    expect(entry.sends).toBe(false);
    expect(entry).not.toHaveProperty('role');
    expect(entry).not.toHaveProperty('needsPremiumSeat');
    expect(entry).not.toHaveProperty('limits');
  });

  it('hands out fresh defaults each time, so editing one node never changes the next', () => {
    const entry = define('delay', { label: 'Delay', description: 'Waits.', category: 'flow_control', defaults: { delay_amount: 1 } });
    const first = entry.defaults();
    first.delay_amount = 9;
    expect(entry.defaults()).toEqual({ delay_amount: 1 });
  });
});
