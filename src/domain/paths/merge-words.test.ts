import { describe, expect, it } from 'vitest';
import { cloneGraph, edge, scoredFollowUpGraph } from '../testing/fixtures';
import { find } from '../testing/case-helpers';
import { deleteStep, sides } from '../testing/graph-edits';
import { mergeGraphs } from './merge';
import { describeConflict, fieldValueText } from './merge-words';

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

describe('describeConflict of other conflicts', () => {
  const rows = (result: ReturnType<typeof mergeGraphs>) =>
    result.conflicts.map((c) => {
      const w = describeConflict(c, result);
      return [w.where, w.what, w.why, w.base.short, w.theirs.short, w.mine.short];
    });

  it('names a connection both changed by its ends and output, with a connection’s reason', () => {
    const { base, theirs, mine } = sides();
    theirs.edges.find((e) => e.id === 'e_withdraw_next')!.label = 'a';
    mine.edges.find((e) => e.id === 'e_withdraw_next')!.label = 'b';
    theirs.edges.find((e) => e.id === 'e_thanks_replied')!.label = 'a';
    mine.edges.find((e) => e.id === 'e_thanks_replied')!.label = 'b';
    expect(rows(mergeGraphs(base, theirs, mine))).toEqual([
      [
        'Withdraw invitation → End 1',
        'Connection',
        'You both changed this connection differently.',
        'Withdraw invitation → End 1',
        'Withdraw invitation → End 1',
        'Withdraw invitation → End 1',
      ],
      [
        'Message → Replied → End 1',
        'Connection',
        'You both changed this connection differently.',
        'Message → Replied → End 1',
        'Message → Replied → End 1',
        'Message → Replied → End 1',
      ],
    ]);
  });

  it('says a connection was deleted, and that a step it reaches is gone', () => {
    const { base, theirs, mine } = sides();
    theirs.edges = theirs.edges.filter((e) => e.id !== 'e_withdraw_next');
    mine.edges.find((e) => e.id === 'e_withdraw_next')!.label = 'mine';
    const result = mergeGraphs(base, theirs, mine);
    expect(rows(result)).toEqual([
      [
        'Withdraw invitation → End 1',
        'Connection',
        'They deleted this connection; you changed it.',
        'Withdraw invitation → End 1',
        'Deleted',
        'Withdraw invitation → End 1',
      ],
    ]);
    const words = describeConflict(result.conflicts[0]!, result, new Map([['withdraw', 'Withdraw']]));
    expect(words.where).toBe('Withdraw → a removed step');
  });

  it('describes a change of kind of step and of a property beyond the field table', () => {
    const { base, theirs, mine } = sides();
    find(theirs, 'withdraw').type = 'delay';
    find(mine, 'withdraw').type = 'message';
    find(theirs, 'invite').style = { color: 'red' };
    find(mine, 'invite').style = { color: 'blue' };
    expect(rows(mergeGraphs(base, theirs, mine))).toEqual([
      ['Connection request', 'Property “style”', 'You both changed this differently.', 'not set', '{"color":"red"}', '{"color":"blue"}'],
      ['Message 2', 'Kind of step', 'You both changed this differently.', 'Withdraw invitation', 'Delay', 'Message'],
    ]);
  });

  it('names a step the names do not hold by its kind', () => {
    const { base, theirs, mine } = sides();
    find(theirs, 'thanks').data.mood = 'calm';
    find(mine, 'thanks').data.mood = 'bold';
    theirs.nodes = theirs.nodes.filter((n) => n.id !== 'withdraw');
    theirs.edges = theirs.edges.filter((e) => e.source !== 'withdraw' && e.target !== 'withdraw');
    find(mine, 'withdraw').data.note = 'kept';
    const result = mergeGraphs(base, theirs, mine);
    expect(result.conflicts.map((c) => describeConflict(c, result, new Map()).where)).toEqual(['Message', 'Withdraw invitation']);
  });

  it('names a setting the field table does not know by its key', () => {
    const { base, theirs, mine } = sides();
    find(theirs, 'thanks').data.mood = 'calm';
    find(mine, 'thanks').data.mood = 'bold';
    expect(rows(mergeGraphs(base, theirs, mine))[0]!.slice(0, 2)).toEqual(['Message', 'Setting “mood”']);
  });

  it('without a base says the versions differ and that the base is unknown', () => {
    const { theirs, mine } = sides();
    find(theirs, 'score').data.icpThreshold = 80;
    mine.nodes.push({ id: 'extra', type: 'end', position: { x: 0, y: 0 }, data: {} });
    mine.edges.push(edge('withdraw', 'extra', undefined, 'e_extra'));
    const result = mergeGraphs(null, theirs, mine);
    const words = result.conflicts.map((c) => describeConflict(c, result));
    expect(words.map((w) => [w.what, w.why, w.base.short, w.theirs.short, w.mine.short])).toEqual([
      ['Threshold', 'Different in the two versions.', 'unknown', '80', '70'],
      ['Step', 'Only in your version.', 'unknown', 'Deleted', 'End: Sequence ends'],
      ['Connection', 'Only in your version.', 'unknown', 'Deleted', 'Withdraw invitation → End 3'],
    ]);
    expect(words.every((w) => w.context === '')).toBe(true);
  });

  it('describes an output connected nowhere on one side', () => {
    const { base, theirs, mine } = sides();
    theirs.edges = theirs.edges.filter((e) => e.id !== 'e_withdraw_next');
    mine.edges = mine.edges.filter((e) => e.id !== 'e_withdraw_next').concat(edge('withdraw', 'end_unqualified', undefined, 'e_w2'));
    theirs.edges.push(edge('withdraw', 'thanks', undefined, 'e_w3'));
    const result = mergeGraphs(base, theirs, mine);
    expect(rows(result)).toEqual([
      ['Withdraw invitation', 'Connected to', 'You both connected this output to different steps.', 'End 1', 'Message', 'End 2'],
    ]);
    const empty = { ...result.conflicts[0]!, theirs: [] } as (typeof result.conflicts)[number];
    expect(describeConflict(empty, result).theirs.short).toBe('not connected');
  });
});

describe('describeConflict: the side a step or connection is missing from', () => {
  const rows = (result: ReturnType<typeof mergeGraphs>) =>
    result.conflicts.map((c) => {
      const w = describeConflict(c, result);
      return [w.where, w.why, w.context, w.base.short, w.theirs.short, w.mine.short];
    });

  it('a step or connection I deleted reads “Deleted” on my side; one we both added, “not there” before (two steps added under one id are both kept)', () => {
    const { base, theirs, mine } = sides();
    deleteStep(mine, 'withdraw');
    find(theirs, 'withdraw').data.note = 'x';
    theirs.nodes.push({ id: 'new', type: 'end', position: { x: 0, y: 0 }, data: {} });
    mine.nodes.push({ id: 'new', type: 'delay', position: { x: 0, y: 0 }, data: {} });
    mine.edges = mine.edges.filter((e) => e.id !== 'e_thanks_replied');
    theirs.edges.find((e) => e.id === 'e_thanks_replied')!.label = 'theirs';
    theirs.edges.push({ ...edge('follow_up', 'end', 'replied', 'e_new'), label: 'a' });
    mine.edges.push({ ...edge('follow_up', 'end', 'replied', 'e_new'), label: 'b' });
    expect(rows(mergeGraphs(base, theirs, mine))).toEqual([
      [
        'Withdraw invitation',
        'You deleted this step; they changed it.',
        'Withdraw the pending invitation',
        'Withdraw invitation: Withdraw the pending invit…',
        'Withdraw invitation: Withdraw the pending invit…',
        'Deleted',
      ],
      [
        'Template message → Replied → End 1',
        'You both added a connection in the same place of the campaign, with different settings.',
        '',
        'not there',
        'Template message → Replied → End 1',
        'Template message → Replied → End 1',
      ],
      [
        'Message → Replied → End 1',
        'You deleted this connection; they changed it.',
        '',
        'Message → Replied → End 1',
        'Message → Replied → End 1',
        'Deleted',
      ],
    ]);
  });

  it('names a connection from a step no version has as from a removed step', () => {
    const { base, theirs, mine } = sides();
    for (const g of [base, theirs, mine]) g.edges.push(edge('ghost', 'end', undefined, 'e_ghost'));
    theirs.edges.find((e) => e.id === 'e_ghost')!.label = 'a';
    mine.edges.find((e) => e.id === 'e_ghost')!.label = 'b';
    expect(rows(mergeGraphs(base, theirs, mine))[0]![0]).toBe('a removed step → End 1');
  });

  it('lists every step an output reaches, and a step no version has as removed', () => {
    const { base, theirs, mine } = sides();
    theirs.edges = theirs.edges
      .filter((e) => e.id !== 'e_withdraw_next')
      .concat(edge('withdraw', 'thanks', undefined, 'a1'), edge('withdraw', 'end_unqualified', undefined, 'a2'));
    mine.edges = mine.edges.filter((e) => e.id !== 'e_withdraw_next').concat(edge('withdraw', 'ghost', undefined, 'a3'));
    expect(rows(mergeGraphs(base, theirs, mine))).toEqual([
      ['Withdraw invitation', 'You both connected this output to different steps.', '', 'End 1', 'Message, End 2', 'a removed step'],
    ]);
  });

  it('names an output by the kind of step the base had, and a side without a kind as not set', () => {
    const { base, theirs, mine } = sides();
    delete (find(theirs, 'withdraw') as { type?: string }).type;
    find(mine, 'withdraw').type = 'message';
    find(mine, 'invite').type = 'message';
    theirs.edges.find((e) => e.id === 'e_invite_no_response')!.label = 'a';
    mine.edges.find((e) => e.id === 'e_invite_no_response')!.label = 'b';
    const result = mergeGraphs(base, theirs, mine);
    expect(rows(result).map((r) => [r[0], r[4], r[5]])).toEqual([
      ['Message 3', 'not set', 'Message'],
      ['Message 1 → No response → Message 3', 'Message 1 → No response → Message 3', 'Message 1 → No response → Message 3'],
    ]);
  });
});

describe('fieldValueText', () => {
  it('reads empty, false, plain numbers, options, lists and odd objects', () => {
    expect(fieldValueText('keyword', null)).toBe('not set');
    expect(fieldValueText('keyword', '')).toBe('not set');
    expect(fieldValueText('send_empty_request', false)).toBe('No');
    expect(fieldValueText('unknown_key', 5)).toBe('5');
    expect(fieldValueText('unknown_key', 'text')).toBe('text');
    expect(fieldValueText('thresholdOperator', '>=')).toBe('≥');
    expect(fieldValueText('custom_variables', {})).toBe('not set');
    expect(fieldValueText('custom_variables', { a: 1, b: 'x' })).toBe('a = 1, b = x');
    expect(fieldValueText('custom_variables', { plan: { tier: 'pro' }, tags: ['a'] })).toBe('plan = {"tier":"pro"}, tags = ["a"]');
    expect(fieldValueText('tags', ['a', 'b'])).toBe('["a","b"]');
  });
});
