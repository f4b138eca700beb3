import { describe, expect, it } from 'vitest';
import { cloneGraph, edge, scoredFollowUpGraph } from '../testing/fixtures';
import type { WorkflowDefinition } from '../workflow-types';
import { mergeGraphs } from './merge';
import { describeConflict, fieldValueText } from './merge-words';

const find = (def: WorkflowDefinition, id: string) => def.nodes.find((n) => n.id === id)!;

describe('describeConflict', () => {
  it('names the step, the field and the values in users’ words', () => {
    const base = scoredFollowUpGraph();
    const theirs = cloneGraph(base);
    const mine = cloneGraph(base);
    find(base, 'score').data.icpThreshold = 75;
    find(theirs, 'score').data.icpThreshold = 80;
    find(mine, 'score').data.icpThreshold = 90;
    find(theirs, 'score').data.thresholdOperator = '>';
    find(mine, 'score').data.thresholdOperator = '<=';
    find(theirs, 'thanks').data.reply_wait_days = 4;
    find(mine, 'thanks').data.reply_wait_days = 1;
    const result = mergeGraphs(base, theirs, mine);
    const words = result.conflicts.map((c) => describeConflict(c, result));
    expect(words.map((w) => [w.where, w.what, w.base.short, w.theirs.short, w.mine.short])).toEqual([
      ['ICP scoring', 'Threshold', '75', '80', '90'],
      ['ICP scoring', 'Operator', '≥', '>', '≤'],
      ['Message', 'Wait for a reply', '3 days', '4 days', '1 day'],
    ]);
    expect(words[0]!.context).toBe('Score ≥ 75');
  });

  it('shortens long text and keeps the whole of it', () => {
    const long = 'word '.repeat(40).trim();
    expect(fieldValueText('message_template', long)).toBe(long);
    const base = scoredFollowUpGraph();
    const theirs = cloneGraph(base);
    const mine = cloneGraph(base);
    find(theirs, 'thanks').data.message_template = long;
    find(mine, 'thanks').data.message_template = 'Short';
    const result = mergeGraphs(base, theirs, mine);
    const words = describeConflict(result.conflicts[0]!, result);
    expect(words.what).toBe('Message');
    expect(words.theirs.full).toBe(long);
    expect(words.theirs.short.length).toBeLessThan(50);
    expect(words.theirs.short.endsWith('…')).toBe(true);
  });

  it('describes outputs and deleted steps without ids', () => {
    const base = scoredFollowUpGraph();
    const theirs = cloneGraph(base);
    const mine = cloneGraph(base);
    theirs.edges = theirs.edges.filter((e) => e.id !== 'e_invite_no_response').concat(edge('invite', 'end', 'no_response', 'x1'));
    mine.edges = mine.edges.filter((e) => e.id !== 'e_invite_no_response').concat(edge('invite', 'thanks', 'no_response', 'x2'));
    theirs.nodes = theirs.nodes.filter((n) => n.id !== 'follow_up');
    theirs.edges = theirs.edges.filter((e) => e.source !== 'follow_up' && e.target !== 'follow_up');
    find(mine, 'follow_up').data.message_template = 'Changed';
    const result = mergeGraphs(base, theirs, mine);
    const words = result.conflicts.map((c) => describeConflict(c, result));
    expect(words.map((w) => [w.where, w.what, w.base.short, w.theirs.short, w.mine.short])).toEqual([
      [
        'Template message',
        'Step',
        'Template message: “Any thoughts, {{firstName}}?…',
        'Deleted',
        'Template message: “Changed” · wait 3 days',
      ],
      ['Connection request → No response', 'Connected to', 'Withdraw invitation', 'End 1', 'Message'],
    ]);
    expect(words[0]!.why).toBe('They deleted this step; you changed it.');
  });

  it('formats values by the field table', () => {
    expect(fieldValueText('send_empty_request', true)).toBe('Yes');
    expect(fieldValueText('delay_amount', 2)).toBe('2');
    expect(fieldValueText('wait_for_response_days', 1)).toBe('1 day');
    expect(fieldValueText('custom_variables', { plan: 'pro' })).toBe('plan = pro');
    expect(fieldValueText('keyword', undefined)).toBe('not set');
  });
});
