import { describe, expect, it } from 'vitest';
import { edge, node } from '../testing/fixtures';
import type { WorkflowDefinition, WorkflowNode } from '../workflow-types';
import type { RunProspect } from './prospect';
import { passOutput, revisionChanges, textVersions, waitFrom } from './revision';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const T0 = Date.parse('2026-03-02T08:00:00Z');
const prospect = { firstName: 'Ada', customFields: {} } as unknown as RunProspect;
const context = { prospect, zone: 'UTC' };

/** A step of a type the catalog does not know (a graph saved by an older or newer app). */
const foreign = (id: string, data: Record<string, unknown>): WorkflowNode => ({ id, type: 'legacy_step', position: { x: 0, y: 0 }, data });

/** One step of each kind of wait (and of none), unconnected: revisionChanges only compares steps. */
const steps = (): WorkflowDefinition => ({
  nodes: [
    node('start', 'start'),
    node('pause', 'delay', { delay_amount: 2, delay_type: 'days' }),
    node('invite', 'connection_request', { message_template: 'Hi {{firstName}}', wait_for_response_days: 14 }),
    node('thanks', 'message', { message_template: 'Thanks!', reply_wait_days: 3 }),
    node('kw', 'post_keyword_trigger', { post_url: 'https://example.com/p/1', keyword: 'demo' }),
    node('visitor', 'website_visitor_trigger'),
    node('check', 'condition', { condition: 'company is not empty' }),
    node('like', 'like_post', { post_url: 'https://example.com/p/1' }),
    node('hook', 'webhook', { url: 'https://example.com/hook' }),
    node('agent', 'research_agent', { customInstructions: 'Find their last funding round.' }),
    foreign('old', { message_template: 'Legacy', wait: 1 }),
    node('end', 'end'),
  ],
  edges: [edge('start', 'end')],
});

const changed = (mutate: (byId: (id: string) => WorkflowNode) => void): WorkflowDefinition => {
  const after = steps();
  mutate((id) => after.nodes.find((n) => n.id === id)!);
  return after;
};

const nothing = { removed: [], added: [], changedText: [], changedData: [], changedWait: [] };

describe('revisionChanges: which changes re-time a step (contract 10.4)', () => {
  it('reports nothing for an identical revision', () => {
    expect(revisionChanges(steps(), steps())).toEqual(nothing);
  });

  it('a delay is re-timed by its amount alone, and by its unit alone', () => {
    const amount = changed((n) => (n('pause').data.delay_amount = 3));
    expect(revisionChanges(steps(), amount)).toEqual({ ...nothing, changedData: ['pause'], changedWait: ['pause'] });
    const unit = changed((n) => (n('pause').data.delay_type = 'hours'));
    expect(revisionChanges(steps(), unit)).toEqual({ ...nothing, changedData: ['pause'], changedWait: ['pause'] });
  });

  it('an invitation is re-timed by its days to wait, which is not a change of its text', () => {
    const after = changed((n) => (n('invite').data.wait_for_response_days = 7));
    expect(revisionChanges(steps(), after)).toEqual({ ...nothing, changedData: ['invite'], changedWait: ['invite'] });
  });

  it('a message is re-worded by its text, which does not re-time it', () => {
    const after = changed((n) => (n('thanks').data.message_template = 'Thank you!'));
    expect(revisionChanges(steps(), after)).toEqual({ ...nothing, changedText: ['thanks'], changedData: ['thanks'] });
    const note = changed((n) => (n('invite').data.send_empty_request = true));
    expect(revisionChanges(steps(), note)).toEqual({ ...nothing, changedText: ['invite'], changedData: ['invite'] });
  });

  it('a keyword trigger is re-timed by its keyword, not by its post', () => {
    const keyword = changed((n) => (n('kw').data.keyword = 'pricing'));
    expect(revisionChanges(steps(), keyword)).toEqual({ ...nothing, changedData: ['kw'], changedWait: ['kw'] });
    const post = changed((n) => (n('kw').data.post_url = 'https://example.com/p/2'));
    expect(revisionChanges(steps(), post)).toEqual({ ...nothing, changedData: ['kw'] });
  });

  it('steps that do not wait, or do not send, change only their data', () => {
    const after = changed((n) => {
      n('visitor').data.note = 'homepage only';
      n('check').data.condition = 'title contains CEO';
      n('like').data.post_url = 'https://example.com/p/2';
      n('hook').data.url = 'https://example.com/other';
      n('agent').data.customInstructions = 'Find their hiring plans.';
      n('start').data.message_template = 'never sent';
    });
    expect(revisionChanges(steps(), after)).toEqual({
      ...nothing,
      changedData: ['start', 'visitor', 'check', 'like', 'hook', 'agent'],
    });
  });

  it('a step of an unknown type changes only its data, whatever field changed', () => {
    const after = changed((n) => {
      n('old').data.message_template = 'Legacy 2';
      n('old').data.wait = 2;
    });
    expect(revisionChanges(steps(), after)).toEqual({ ...nothing, changedData: ['old'] });
  });

  it('a step only moved on the canvas is no change to the run', () => {
    const after = changed((n) => {
      n('pause').position = { x: 400, y: 80 };
      n('thanks').position = { x: 0, y: 160 };
    });
    expect(revisionChanges(steps(), after)).toEqual(nothing);
  });

  it('a retyped step is removed and added, never reported as re-worded, changed or re-timed', () => {
    const after = changed((n) => {
      n('thanks').type = 'template_message';
      n('thanks').data.message_template = 'Thank you!';
      n('thanks').data.reply_wait_days = 5;
      n('pause').type = 'profile_visit';
    });
    after.nodes = after.nodes.filter((n) => n.id !== 'like');
    after.nodes.push(node('follow', 'follow'));
    expect(revisionChanges(steps(), after)).toEqual({
      removed: ['like', 'pause', 'thanks'],
      added: ['follow', 'pause', 'thanks'],
      changedText: [],
      changedData: [],
      changedWait: [],
    });
  });
});

describe('textVersions across publishes (contract 10.1)', () => {
  it('dates every step from the first publish', () => {
    const graph = steps();
    expect(textVersions(graph, 1)).toEqual(Object.fromEntries(graph.nodes.map((n) => [n.id, 1])));
  });

  it('keeps a step’s version while its text is unchanged, across a change of its wait and a later publish', () => {
    const v1 = steps();
    const first = textVersions(v1, 1);
    const v2 = changed((n) => {
      n('invite').data.wait_for_response_days = 7;
      n('thanks').data.message_template = 'Thank you!';
    });
    v2.nodes.push(node('extra', 'message', { message_template: 'One more thing' }));
    const second = textVersions(v2, 2, { graph: v1, versions: first });
    expect(second).toMatchObject({ invite: 1, thanks: 2, extra: 2, pause: 1 });
    const v3 = structuredClone(v2);
    v3.nodes.find((n) => n.id === 'extra')!.data.message_template = 'One last thing';
    expect(textVersions(v3, 3, { graph: v2, versions: second })).toMatchObject({ invite: 1, thanks: 2, extra: 3, pause: 1 });
  });

  it('gives a retyped step a new version even when its text is the same', () => {
    const v1 = steps();
    const v2 = changed((n) => (n('thanks').type = 'template_message'));
    expect(textVersions(v2, 2, { graph: v1, versions: textVersions(v1, 1) })).toMatchObject({ thanks: 2, invite: 1 });
  });
});

describe('waitFrom: a wait counted from when it began (contract 10.4)', () => {
  it('a delay ends its length after it was entered', () => {
    const pause = { id: 'pause', type: 'delay', data: { delay_amount: 2, delay_type: 'hours' } };
    expect(waitFrom(pause, T0, context)).toEqual({ until: T0 + 2 * HOUR, on: [], timeoutHandle: null });
  });

  it('an invitation waits its days from when it was sent, for acceptance', () => {
    const invite = { id: 'invite', type: 'connection_request', data: { wait_for_response_days: 7 } };
    expect(waitFrom(invite, T0, context)).toEqual({
      until: T0 + 7 * DAY,
      on: [{ event: 'invitation_accepted', handle: 'accepted' }],
      timeoutHandle: 'no_response',
    });
  });

  it('a keyword trigger waits, without end, for a comment with its keyword', () => {
    const kw = { id: 'kw', type: 'post_keyword_trigger', data: { keyword: 'demo' } };
    expect(waitFrom(kw, T0, context)).toEqual({
      until: null,
      on: [{ event: 'post_comment', handle: null, keyword: 'demo' }],
      timeoutHandle: null,
    });
  });

  it('steps that do not wait, and unknown steps, have no wait', () => {
    expect(waitFrom({ id: 'old', type: 'legacy_step', data: {} }, T0, context)).toBeUndefined();
    expect(waitFrom({ id: 'end', type: 'end', data: {} }, T0, context)).toBeUndefined();
    expect(waitFrom({ id: 'hook', type: 'webhook', data: { url: 'https://example.com' } }, T0, context)).toBeUndefined();
  });
});

describe('passOutput: the output of a step passed without being done again (contract 10.4)', () => {
  const at = (type: string) => ({ id: type, type, data: {} });

  it('keeps the output taken before when the step has it', () => {
    expect(passOutput(at('message'), 'replied')).toBe('replied');
    expect(passOutput(at('icp_scoring'), 'qualified')).toBe('qualified');
  });

  it('ignores an earlier output the step does not have: the no-answer output instead', () => {
    expect(passOutput(at('connection_request'), 'replied')).toBe('no_response');
    expect(passOutput(at('message'), 'accepted')).toBe('no_reply');
    expect(passOutput(at('message'), null)).toBe('no_reply');
  });

  it('a branching step that does not wait takes its negative branch', () => {
    expect(passOutput(at('icp_scoring'), null)).toBe('not_qualified');
    expect(passOutput(at('icp_scoring'), 'no_reply')).toBe('not_qualified');
  });

  it('a step without branches, or of an unknown type, has no named output', () => {
    expect(passOutput(at('delay'), 'replied')).toBeNull();
    expect(passOutput(at('end'), null)).toBeNull();
    expect(passOutput(at('legacy_step'), 'replied')).toBeNull();
  });
});
