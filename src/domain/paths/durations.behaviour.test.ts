import { describe, expect, it } from 'vitest';
import { scoredFollowUpGraph } from '../testing/fixtures';
import { delayDays, formatDays, scoreQualifies, summarizePaths, waitDays } from './index';

/** How long steps wait and who qualifies, as the simulator and the launch review tell the user. */

describe('delays', () => {
  it.each([
    [{ delay_amount: 2, delay_type: 'days' }, 2],
    [{ delay_amount: 12, delay_type: 'hours' }, 0.5],
    [{ delay_amount: 720, delay_type: 'minutes' }, 0.5],
    [{ delay_amount: 3 }, 3],
    [{ delay_amount: 3, delay_type: 'weeks' }, 3],
    [{ delay_amount: 3, delay_type: 'toString' }, 3],
    [{ delay_amount: 0, delay_type: 'days' }, 0],
    [{ delay_amount: -1 }, 0],
    [{ delay_amount: '2' }, 0],
    [{}, 0],
  ])('%j waits %d days', (data, days) => expect(delayDays(data)).toBeCloseTo(days, 10));
});

describe('waits per output', () => {
  const invite = (days: unknown) => ({ role: 'invitation' as const, data: { wait_for_response_days: days } });
  const message = (days: unknown) => ({ role: 'awaits_reply' as const, data: { reply_wait_days: days } });

  it('an invitation waits only on no response', () => {
    expect(waitDays(invite(14), 'no_response')).toBe(14);
    expect(waitDays(invite(14), 'accepted')).toBe(0);
    expect(waitDays(invite(0), 'no_response')).toBe(0);
    expect(waitDays(invite(-2), 'no_response')).toBe(0);
    expect(waitDays(invite('3'), 'no_response')).toBe(0);
  });

  it('a message waits only on no reply', () => {
    expect(waitDays(message(3), 'no_reply')).toBe(3);
    expect(waitDays(message(3), 'replied')).toBe(0);
    expect(waitDays(message(3), 'no_response')).toBe(0);
  });

  it('a delay waits on its one output; other steps do not wait', () => {
    expect(waitDays({ role: 'delay', data: { delay_amount: 2, delay_type: 'days' } }, undefined)).toBe(2);
    expect(waitDays({ role: undefined, data: { delay_amount: 2, reply_wait_days: 4 } }, 'no_reply')).toBe(0);
    expect(waitDays({ role: 'invitation', data: { reply_wait_days: 4 } }, 'no_reply')).toBe(0);
    expect(waitDays({ role: 'awaits_reply', data: { wait_for_response_days: 4 } }, 'no_response')).toBe(0);
  });
});

describe('durations in words', () => {
  it.each([
    [0, '0 days'],
    [-1, '0 days'],
    [1 / 1440, '1 minute'],
    [30 / 1440, '30 minutes'],
    [1 / 24, '1 hour'],
    [0.5, '12 hours'],
    [1.5 / 24, '1.5 hours'],
    [1, '1 day'],
    [1.25, '1.3 days'],
    [14, '14 days'],
  ])('%d days reads “%s”', (days, text) => expect(formatDays(days)).toBe(text));
});

describe('ICP score qualification', () => {
  const table: [operator: string, checks: [score: number, qualifies: boolean][]][] = [
    [
      '>=',
      [
        [69, false],
        [70, true],
        [71, true],
      ],
    ],
    [
      '>',
      [
        [70, false],
        [71, true],
        [69, false],
      ],
    ],
    [
      '<=',
      [
        [70, true],
        [71, false],
        [69, true],
      ],
    ],
    [
      '<',
      [
        [70, false],
        [69, true],
        [71, false],
      ],
    ],
    [
      '==',
      [
        [70, true],
        [71, false],
        [69, false],
      ],
    ],
    [
      'between',
      [
        [70, true],
        [69, false],
        [71, true],
      ],
    ],
  ];
  it.each(table)('operator %s, threshold 70', (op, checks) => {
    for (const [score, qualifies] of checks) expect(scoreQualifies({ thresholdOperator: op, icpThreshold: 70 }, score)).toBe(qualifies);
  });

  it('no threshold means everyone with a score of at least 0 qualifies', () => {
    expect(scoreQualifies({}, 0)).toBe(true);
    expect(scoreQualifies({ icpThreshold: 'x' }, -1)).toBe(false);
  });
});

describe('foreign data never leaks prototype names into the numbers', () => {
  it('a unit that is a list, not a name, reads as days', () => {
    expect(formatDays(delayDays({ delay_amount: 12, delay_type: ['hours'] }))).toBe('12 days');
  });

  it('an unsaved step with a prototype name as its unit or operator reads as the default', () => {
    expect(formatDays(delayDays({ delay_amount: 2, delay_type: 'constructor' }))).toBe('2 days');
    expect(scoreQualifies({ thresholdOperator: 'toString', icpThreshold: 50 }, 50)).toBe(true);
    const g = scoredFollowUpGraph();
    Object.assign(g.nodes.find((n) => n.id === 'score')!.data, { thresholdOperator: 'toString', icpThreshold: 50 });
    const texts = summarizePaths(g).paths.map((p) => p.text);
    expect(texts.some((t) => /if the ICP score is ≥ 50/i.test(t))).toBe(true);
    expect(texts.some((t) => /if the ICP score is < 50/i.test(t))).toBe(true);
    expect(texts.join(' ')).not.toContain('function');
  });
});
