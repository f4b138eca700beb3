import { describe, expect, it } from 'vitest';
import {
  cloneGraph,
  connectionOnlyGraph,
  edge,
  emailPushFallbackGraph,
  followUpChain,
  inmailFallbackGraph,
  node,
  scoredFollowUpGraph,
} from '../testing/fixtures';
import { DEFAULT_SAMPLE_PROSPECT } from './review';
import { findTemplate } from './templates';
import { walkPath } from './walk';

const alex = DEFAULT_SAMPLE_PROSPECT;
const route = (r: ReturnType<typeof walkPath>) => r.steps.map((s) => (s.outcome ? `${s.nodeId}:${s.outcome.handle}` : s.nodeId));
const days = (r: ReturnType<typeof walkPath>) => r.steps.map((s) => s.dayOffset);

describe('walkPath on the routing patterns of spec 3.3', () => {
  it('connection-only: accepted ends at once; no response ends after wait_for_response_days', () => {
    const accepted = walkPath(connectionOnlyGraph(), alex);
    expect(route(accepted)).toEqual(['start', 'invite:accepted', 'end']);
    expect(accepted.completed).toBe(true);
    expect(accepted.edgeIds).toEqual(['e_start_next', 'e_invite_accepted']);
    expect(accepted.nodeIds).toEqual(['start', 'invite', 'end']);
    const ignored = walkPath(connectionOnlyGraph(), alex, { outcomes: { invite: 'no_response' } });
    expect(route(ignored)).toEqual(['start', 'invite:no_response', 'end']);
    expect(days(ignored)).toEqual([0, 0, 14]);
    expect(ignored.totalDays).toBe(14);
  });

  it('scoring + follow-up: cumulative days through no_reply waits', () => {
    const r = walkPath(scoredFollowUpGraph(), alex, {
      outcomes: { score: 'qualified', invite: 'accepted', thanks: 'no_reply', follow_up: 'no_reply' },
    });
    expect(route(r)).toEqual(['start', 'score:qualified', 'invite:accepted', 'thanks:no_reply', 'follow_up:no_reply', 'end']);
    expect(days(r)).toEqual([0, 0, 0, 0, 3, 6]);
    expect(r.steps.filter((s) => s.sends).map((s) => s.nodeId)).toEqual(['invite', 'thanks', 'follow_up']);
  });

  it('scoring + withdrawal on no response', () => {
    const r = walkPath(scoredFollowUpGraph(), alex, { outcomes: { invite: 'no_response' } });
    expect(route(r)).toEqual(['start', 'score:qualified', 'invite:no_response', 'withdraw', 'end']);
    expect(days(r)).toEqual([0, 0, 0, 14, 14]);
  });

  it('the ICP score decides through icpThreshold and thresholdOperator, over a chosen outcome', () => {
    const low = walkPath(scoredFollowUpGraph(), alex, { icpScore: 69, outcomes: { score: 'qualified' } });
    expect(route(low)).toEqual(['start', 'score:not_qualified', 'end_unqualified']);
    expect(low.steps[1]!.outcome).toEqual({ handle: 'not_qualified', label: 'Not qualified', decidedBy: 'score' });
    expect(low.steps.some((s) => s.sends)).toBe(false);
    expect(route(walkPath(scoredFollowUpGraph(), alex, { icpScore: 70 }))[1]).toBe('score:qualified');
    const strict = cloneGraph(scoredFollowUpGraph());
    strict.nodes.find((n) => n.id === 'score')!.data = { icpThreshold: 70, thresholdOperator: '>' };
    expect(route(walkPath(strict, alex, { icpScore: 70 }))[1]).toBe('score:not_qualified');
    strict.nodes.find((n) => n.id === 'score')!.data = { icpThreshold: 30, thresholdOperator: '<=' };
    expect(route(walkPath(strict, alex, { icpScore: 20 }))[1]).toBe('score:qualified');
  });

  it('InMail fallback renders the subject and message with the prospect’s fields', () => {
    const def = findTemplate('inmail-fallback')!.build();
    const r = walkPath(def, alex, { outcomes: { invite: 'no_response', inmail: 'no_reply' } });
    expect(route(r)).toEqual(['start', 'invite:no_response', 'inmail:no_reply', 'end']);
    const inmail = r.steps[2]!;
    expect(inmail.dayOffset).toBe(10);
    expect(inmail.subject?.text).toBe('A quick idea for Northwind');
    expect(inmail.message?.text).toContain('Hi Alex,');
    expect(r.totalDays).toBe(15);
    expect(route(walkPath(inmailFallbackGraph(), alex, { outcomes: { invite: 'no_response' } }))).toEqual([
      'start',
      'score:qualified',
      'invite:no_response',
      'inmail:replied',
      'end',
    ]);
  });

  it('email-push fallback reaches the push after the invitation wait', () => {
    const r = walkPath(emailPushFallbackGraph(), alex, { outcomes: { invite: 'no_response' } });
    expect(route(r)).toEqual(['start', 'invite:no_response', 'push', 'end']);
    expect(r.steps[2]).toMatchObject({ dayOffset: 14, sends: true, label: 'Add to an email campaign (first email tool)' });
    expect(r.steps[2]!.message).toBeUndefined();
  });

  it('flags placeholders the prospect lacks and leaves them in the text', () => {
    const def = connectionOnlyGraph();
    def.nodes[1]!.data.message_template = 'Hi {{firstName}} from {{company}}, {{favouriteColour}}?';
    const r = walkPath(def, { customFields: { firstName: 'Sam' } });
    expect(r.steps[1]!.message).toEqual({
      template: 'Hi {{firstName}} from {{company}}, {{favouriteColour}}?',
      text: 'Hi Sam from {{company}}, {{favouriteColour}}?',
      missing: ['company', 'favouriteColour'],
    });
    expect(r.missingPlaceholders).toEqual(['company', 'favouriteColour']);
  });

  it('sends no note for an invitation without one', () => {
    const def = connectionOnlyGraph();
    def.nodes[1]!.data.send_empty_request = true;
    expect(walkPath(def, alex).steps[1]!.message).toBeUndefined();
  });

  it('converts delay minutes and hours into fractions of a day', () => {
    const def = {
      nodes: [
        node('start', 'start'),
        node('wait_h', 'delay', { delay_type: 'hours', delay_amount: 12 }),
        node('wait_m', 'delay', { delay_type: 'minutes', delay_amount: 720 }),
        node('wait_d', 'delay', { delay_type: 'days', delay_amount: 2 }),
        node('end', 'end'),
      ],
      edges: [edge('start', 'wait_h'), edge('wait_h', 'wait_m'), edge('wait_m', 'wait_d'), edge('wait_d', 'end')],
    };
    expect(days(walkPath(def, alex))).toEqual([0, 0, 0.5, 1, 3]);
  });

  it('ignores an unknown chosen outcome and takes the first output', () => {
    const r = walkPath(connectionOnlyGraph(), alex, { outcomes: { invite: 'maybe' } });
    expect(r.steps[1]!.outcome).toMatchObject({ handle: 'accepted', decidedBy: 'default' });
  });

  it('walks a 500-step chain', () => {
    const r = walkPath(followUpChain(500), alex, {
      outcomes: Object.fromEntries(Array.from({ length: 497 }, (_, i) => [`follow_up_${i + 1}`, 'no_reply'])),
    });
    expect(r.completed).toBe(true);
    expect(r.steps).toHaveLength(500);
    expect(r.totalDays).toBe(497 * 3);
  });
});

describe('walkPath on broken graphs never throws', () => {
  it('stops at a loop with a note', () => {
    const def = {
      nodes: [node('start', 'start'), node('a', 'delay'), node('b', 'delay')],
      edges: [edge('start', 'a'), edge('a', 'b'), edge('b', 'a')],
    };
    const r = walkPath(def, alex);
    expect(r.completed).toBe(false);
    expect(r.note).toMatch(/loops back to “a”/);
    expect(route(r)).toEqual(['start', 'a', 'b']);
  });

  it('stops at an unconnected output with a note', () => {
    const def = connectionOnlyGraph();
    def.edges = def.edges.filter((e) => e.sourceHandle !== 'no_response');
    const r = walkPath(def, alex, { outcomes: { invite: 'no_response' } });
    expect(r.note).toBe('The “No response” output of “invite” is not connected to a next step.');
    expect(r.edgeIds).toEqual(['e_start_next']);
  });

  it('reports a missing start', () => {
    expect(walkPath({ nodes: [node('end', 'end')], edges: [] }, alex).note).toMatch(/no Start/);
  });

  it.each([
    null,
    undefined,
    42,
    'x',
    { nodes: 'no' },
    { nodes: [null, { id: 'start', type: 'start', data: null }], edges: [null, { source: 1 }] },
  ])('survives %j', (input) => {
    const r = walkPath(input, alex);
    expect(r.completed).toBe(false);
    expect(typeof r.note).toBe('string');
  });

  it('walks unknown node types as plain steps', () => {
    const def = {
      nodes: [node('start', 'start'), { id: 'odd', type: 'teleport', position: { x: 0, y: 0 }, data: {} }, node('end', 'end')],
      edges: [edge('start', 'odd'), edge('odd', 'end')],
    };
    const r = walkPath(def, alex);
    expect(r.completed).toBe(true);
    expect(r.steps[1]).toMatchObject({ label: 'teleport', sends: false });
  });
});

describe('walkPath: what each step shows', () => {
  it('a step shows only what it has: no message, subject, outcome or connection keys when it has none', () => {
    const r = walkPath(connectionOnlyGraph(), alex);
    expect(r.steps[0]).toStrictEqual({
      nodeId: 'start',
      type: 'start',
      label: 'Start',
      summary: 'Prospects enter here',
      dayOffset: 0,
      sends: false,
      edgeId: 'e_start_next',
    });
    expect(r.steps[2]).toStrictEqual({ nodeId: 'end', type: 'end', label: 'End', summary: 'Sequence ends', dayOffset: 0, sends: false });
  });

  it('a step without a type is walked as an unknown step', () => {
    const def = {
      nodes: [node('start', 'start'), { id: 'odd', position: { x: 0, y: 0 }, data: {} }, node('end', 'end')],
      edges: [edge('start', 'odd'), edge('odd', 'end')],
    };
    expect(walkPath(def, alex).steps[1]).toMatchObject({ type: '', label: 'Unknown step', summary: '', sends: false });
  });

  it('a message or subject that is not text is sent empty', () => {
    const def = inmailFallbackGraph();
    const inmail = def.nodes.find((n) => n.id === 'inmail')!;
    inmail.data.message_template = null;
    inmail.data.subject = 42;
    const step = walkPath(def, alex, { outcomes: { invite: 'no_response' } }).steps[3]!;
    expect(step.nodeId).toBe('inmail');
    expect(step.message).toEqual({ template: '', text: '', missing: [] });
    expect(step.subject).toEqual({ template: '', text: '', missing: [] });
  });

  it('lists a placeholder missing from both the subject and the message once', () => {
    const def = inmailFallbackGraph();
    const inmail = def.nodes.find((n) => n.id === 'inmail')!;
    inmail.data.subject = 'For {{nickname}}';
    inmail.data.message_template = 'Hi {{nickname}} at {{team}}';
    const r = walkPath(def, alex, { outcomes: { invite: 'no_response' } });
    expect(r.missingPlaceholders).toEqual(['nickname', 'team']);
  });

  it('connections without an id are followed but not highlighted', () => {
    const def = connectionOnlyGraph();
    for (const e of def.edges) delete (e as { id?: string }).id;
    const r = walkPath(def, alex);
    expect(r.completed).toBe(true);
    expect(r.edgeIds).toEqual([]);
    expect(r.steps.some((s) => 'edgeId' in s)).toBe(false);
  });
});

describe('walkPath: which outcome and which connection', () => {
  it('the ICP score decides scoring steps only: a chosen outcome still decides the invitation', () => {
    const r = walkPath(scoredFollowUpGraph(), alex, { icpScore: 90, outcomes: { invite: 'no_response' } });
    expect(route(r)).toEqual(['start', 'score:qualified', 'invite:no_response', 'withdraw', 'end']);
    expect(r.steps.map((s) => s.outcome?.decidedBy)).toEqual([undefined, 'score', 'choice', undefined, undefined]);
  });

  it('a step with one output follows its plain connection over one leaving a handle it does not have', () => {
    const def = {
      nodes: [node('start', 'start'), node('wait', 'delay'), node('detour', 'delay'), node('end', 'end')],
      edges: [edge('start', 'wait'), edge('wait', 'detour', 'accepted'), edge('wait', 'end'), edge('detour', 'end')],
    };
    expect(route(walkPath(def, alex))).toEqual(['start', 'wait', 'end']);
  });

  it('a step with one output follows its only connection even when it names a handle', () => {
    const def = {
      nodes: [node('start', 'start'), node('wait', 'delay'), node('end', 'end')],
      edges: [edge('start', 'wait'), edge('wait', 'end', 'accepted')],
    };
    const r = walkPath(def, alex);
    expect(route(r)).toEqual(['start', 'wait', 'end']);
    expect(r.completed).toBe(true);
  });

  it('names the step that has no next step', () => {
    const def = { nodes: [node('start', 'start'), node('wait', 'delay')], edges: [edge('start', 'wait')] };
    expect(walkPath(def, alex).note).toBe('“wait” is not connected to a next step.');
  });
});

describe('walkPath limits', () => {
  it('stops a chain longer than 2 000 steps', () => {
    const chain = followUpChain(2001);
    const r = walkPath(chain, alex, {
      outcomes: Object.fromEntries(chain.nodes.filter((n) => n.type === 'message').map((n) => [n.id, 'no_reply'])),
    });
    expect(r.note).toBe('The path is too long to simulate.');
    expect(r.completed).toBe(false);
    expect(r.steps).toHaveLength(2000);
  });

  it.each([null, undefined])('reads a %s definition as one without a Start step', (input) => {
    expect(walkPath(input, alex).note).toBe('This workflow has no Start step.');
  });

  it('turns an unreadable prospect into a note instead of throwing', () => {
    const r = walkPath(connectionOnlyGraph(), null as unknown as typeof alex);
    expect(r.completed).toBe(false);
    expect(r.note).toMatch(/^The path could not be simulated: TypeError/);
  });
});
